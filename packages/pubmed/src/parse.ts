import { type Err, err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { PmcidErrorCode, PmidErrorCode } from './codes.ts';
import { isDigit, PMCID_URLS, PMID_URLS, urlPrefix, wordAt } from './grammar.ts';

export type PubmedForm = 'label' | 'url' | 'bare';

/** A PMID or PMCID as written: the parts, not normalized. */
export interface PubmedComponents {
  readonly form: PubmedForm;
  /** `PMID: `, `PMCID:`, a URL up to the number, or "" for a bare `PMC…`. */
  readonly label: string;
  /** The identifier as written: `12345`, `PMC1234567`. */
  readonly written: string;
  /** After the identifier in a URL: "/", a query or a fragment, as written; otherwise "". */
  readonly rest: string;
  /** The number, digits only. */
  readonly number: string;
}

type Label = { form: PubmedForm; length: number } | null;
type PubmedErrorCode = PmidErrorCode | PmcidErrorCode;

/** `word` (any case) and an optional single space: its length, or 0. */
function labelWord(s: string, word: string): number {
  if (!wordAt(s, 0, word)) return 0;
  return s.charCodeAt(word.length) === 32 ? word.length + 1 : word.length;
}

export function pmidLabel(s: string): Label {
  const c = s.charCodeAt(0) | 0x20;
  if (c === 112) {
    const n = labelWord(s, 'pmid:');
    if (n > 0) return { form: 'label', length: n };
  }
  const n = urlPrefix(s, PMID_URLS);
  return n > 0 && isDigit(s.charCodeAt(n)) ? { form: 'url', length: n } : null;
}

export function pmcidLabel(s: string): Label {
  const c = s.charCodeAt(0) | 0x20;
  if (c === 112) {
    const n = labelWord(s, 'pmcid:');
    if (n > 0) return { form: 'label', length: n };
    if (wordAt(s, 0, 'pmc') && isDigit(s.charCodeAt(3))) return { form: 'bare', length: 0 };
  }
  const n = urlPrefix(s, PMCID_URLS);
  return n > 0 && wordAt(s, n, 'pmc') ? { form: 'url', length: n } : null;
}

/** The digits from `i`: 1 to `max`, no leading zero; their end or an error. */
function readNumber<Code extends PubmedErrorCode>(
  s: string,
  i: number,
  max: number,
  code: Code,
  what: string,
): number | Err<PidError<Code>> {
  let j = i;
  while (j < s.length && j - i <= max && isDigit(s.charCodeAt(j))) j++;
  if (j === i || j - i > max || s.charCodeAt(i) === 48) {
    return err(code, `${what} is 1 to ${max} digits, without a leading zero`, i);
  }
  return j;
}

/** What may follow the number: in a URL "/", "?query" or "#fragment"; elsewhere nothing. */
function trailing<Code extends PubmedErrorCode>(
  s: string,
  end: number,
  url: boolean,
  code: Code,
): Err<PidError<Code>> | null {
  if (end === s.length) return null;
  const c = s.charCodeAt(end);
  if (
    url &&
    (c === 63 ||
      c === 35 ||
      (c === 47 && (end + 1 === s.length || s.charCodeAt(end + 1) === 63 || s.charCodeAt(end + 1) === 35)))
  ) {
    return null;
  }
  return err(
    code,
    url ? 'only "/", a query or a fragment may follow the number' : 'nothing may follow the number',
    end,
  );
}

/** Parse a PMID: `PMID: 12345`, `PMID:12345` or a PubMed URL. A bare number is not read as a PMID. */
export function parsePmid(s: string, _options?: SchemeOptions): Result<PubmedComponents, PidError<PmidErrorCode>> {
  const l = pmidLabel(s);
  if (!l) return err('pmid-label', 'a PMID is written "PMID: 12345" or https://pubmed.ncbi.nlm.nih.gov/12345/', 0);
  const end = readNumber(s, l.length, 8, 'pmid-number', 'a PMID');
  if (typeof end !== 'number') return end;
  const bad = trailing(s, end, l.form === 'url', 'pmid-trailing');
  if (bad) return bad;
  const number = s.slice(l.length, end);
  return {
    ok: true,
    value: { form: l.form, label: s.slice(0, l.length), written: number, rest: s.slice(end), number },
  };
}

/** Parse a PMCID: `PMC1234567`, `PMCID: PMC1234567` or a PubMed Central URL. */
export function parsePmcid(s: string, _options?: SchemeOptions): Result<PubmedComponents, PidError<PmcidErrorCode>> {
  const l = pmcidLabel(s);
  if (!l)
    return err('pmcid-label', 'a PMCID is written PMC1234567 or https://pmc.ncbi.nlm.nih.gov/articles/PMC1234567/', 0);
  if (!wordAt(s, l.length, 'pmc')) return err('pmcid-number', 'a PMCID is "PMC" and its number', l.length);
  const end = readNumber(s, l.length + 3, 9, 'pmcid-number', 'the number of a PMCID');
  if (typeof end !== 'number') return end;
  const bad = trailing(s, end, l.form === 'url', 'pmcid-trailing');
  if (bad) return bad;
  return {
    ok: true,
    value: {
      form: l.form,
      label: s.slice(0, l.length),
      written: s.slice(l.length, end),
      rest: s.slice(end),
      number: s.slice(l.length + 3, end),
    },
  };
}

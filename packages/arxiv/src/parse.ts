import { type Err, err, type PidError, type Result } from '@pidgate/core';
import type { ArxivErrorCode } from './codes.ts';
import { ARXIV_HOSTS, httpHostPrefix, isDigit, isLetter, looksNew, looksOld, OLD_ARCHIVES, wordAt } from './grammar.ts';

export type ArxivForm = 'arxiv' | 'abs' | 'pdf' | 'bare';

/** An arXiv identifier as written: the parts, not normalized. */
export interface ArxivComponents {
  readonly form: ArxivForm;
  /** `arXiv:` (any case), `https://arxiv.org/abs/`, `https://arxiv.org/pdf/`, or "" when bare. */
  readonly label: string;
  /** The identifier as written: `hep-th/9901001v2`, `math.GT/0309136`, `1501.00001v1`. */
  readonly written: string;
  /** After the identifier: a /pdf/ URL's `.pdf`, a URL's `?query` or `#fragment`, or "". */
  readonly rest: string;
  /** Old style: the archive as written (`hep-th`, `math`); null for new-style identifiers. */
  readonly archive: string | null;
  /** Old style: the subject class as written (`GT` of `math.GT`), or null. */
  readonly subjectClass: string | null;
  /** `YYMM.NNNNN` (new) or `YYMMNNN` (old). */
  readonly number: string;
  /** The version (`v2` is 2), or null: then the identifier names the article, latest version. */
  readonly version: number | null;
}

/** The label at the start of `s`, or null. Cheap: a few characters, or a short scan for an old archive. */
export function arxivLabel(s: string): { form: ArxivForm; length: number } | null {
  const c = s.charCodeAt(0);
  if (isDigit(c)) return looksNew(s, 0) ? { form: 'bare', length: 0 } : null;
  if ((c | 0x20) === 104) {
    const n = httpHostPrefix(s, ARXIV_HOSTS);
    if (n > 0) {
      if (wordAt(s, n, 'abs/')) return { form: 'abs', length: n + 4 };
      if (wordAt(s, n, 'pdf/')) return { form: 'pdf', length: n + 4 };
      return null;
    }
  }
  if ((c | 0x20) === 97 && wordAt(s, 0, 'arxiv:')) return { form: 'arxiv', length: 6 };
  return isLetter(c) && looksOld(s, 0) ? { form: 'bare', length: 0 } : null;
}

const digitsAt = (s: string, i: number, n: number): boolean => {
  for (let k = 0; k < n; k++) if (!isDigit(s.charCodeAt(i + k))) return false;
  return true;
};

interface Body {
  archive: string | null;
  subjectClass: string | null;
  number: string;
  version: number | null;
  end: number;
}

/** `v` 1*DIGIT, no leading zero: the version, or an error. */
function readVersion(s: string, i: number): { version: number | null; end: number } | Err<PidError<ArxivErrorCode>> {
  if (s.charCodeAt(i) !== 118) return { version: null, end: i };
  let j = i + 1;
  while (j < s.length && j - i <= 6 && isDigit(s.charCodeAt(j))) j++;
  if (j === i + 1 || s.charCodeAt(i + 1) === 48) {
    return err('arxiv-version', 'a version is "v" and a number from 1 (v1, v2, …)', i);
  }
  return { version: Number(s.slice(i + 1, j)), end: j };
}

/** YYMM.NNNN (0704-1412) or YYMM.NNNNN (from 1501). */
function readNew(s: string, i: number): Body | Err<PidError<ArxivErrorCode>> {
  if (!digitsAt(s, i, 4) || s.charCodeAt(i + 4) !== 46)
    return err('arxiv-form', 'a new-style identifier is YYMM.NNNNN', i);
  const yymm = Number(s.slice(i, i + 4));
  const mm = yymm % 100;
  if (mm < 1 || mm > 12 || yymm < 704) {
    return err('arxiv-month', 'YYMM is a month from 0704 (April 2007), MM from 01 to 12', i);
  }
  const width = yymm >= 1501 ? 5 : 4;
  let j = i + 5;
  while (j < s.length && j - i - 5 <= width && isDigit(s.charCodeAt(j))) j++;
  if (j - i - 5 !== width) {
    return err('arxiv-number', `the number after ${s.slice(i, i + 5)} has ${width} digits`, i + 5);
  }
  const v = readVersion(s, j);
  if ('ok' in v) return v;
  return { archive: null, subjectClass: null, number: s.slice(i, j), version: v.version, end: v.end };
}

/** archive[.SC]/YYMMNNN, YYMM from 9108 to 0703. */
function readOld(s: string, i: number): Body | Err<PidError<ArxivErrorCode>> {
  let j = i;
  while (j < s.length && j - i < 24 && (isLetter(s.charCodeAt(j)) || s.charCodeAt(j) === 45)) j++;
  const archive = s.slice(i, j);
  if (!OLD_ARCHIVES.has(archive.toLowerCase())) {
    return err('arxiv-archive', `${JSON.stringify(archive)} is not an arXiv archive of old-style identifiers`, i);
  }
  let subjectClass: string | null = null;
  if (s.charCodeAt(j) === 46) {
    const k = j + 1;
    j = k;
    while (j < s.length && j - k < 24 && (isLetter(s.charCodeAt(j)) || s.charCodeAt(j) === 45)) j++;
    if (j === k) return err('arxiv-subject-class', 'a subject class follows the "." (math.GT)', k);
    subjectClass = s.slice(k, j);
  }
  if (s.charCodeAt(j) !== 47) return err('arxiv-form', 'an old-style identifier is archive/YYMMNNN', j);
  const n = j + 1;
  if (!digitsAt(s, n, 7) || isDigit(s.charCodeAt(n + 7))) {
    return err('arxiv-number', 'an old-style number is seven digits, YYMMNNN', n);
  }
  const yy = Number(s.slice(n, n + 2));
  const mm = Number(s.slice(n + 2, n + 4));
  const month = (yy >= 91 ? 1900 + yy : 2000 + yy) * 100 + mm;
  if (mm < 1 || mm > 12 || month < 199108 || month > 200703) {
    return err('arxiv-month', 'old-style YYMM is a month from 9108 (August 1991) to 0703 (March 2007)', n);
  }
  const v = readVersion(s, n + 7);
  if ('ok' in v) return v;
  return { archive, subjectClass, number: s.slice(n, n + 7), version: v.version, end: v.end };
}

/** Parse an arXiv identifier in any of its spellings. Never throws; linear in the input's length. */
export function parseArxiv(s: string): Result<ArxivComponents, PidError<ArxivErrorCode>> {
  const label = arxivLabel(s);
  if (!label) {
    return err(
      'arxiv-label',
      'an arXiv identifier is written arXiv:1501.00001, arXiv:hep-th/9901001 or as an arxiv.org URL',
      0,
    );
  }
  const start = label.length;
  const body = isDigit(s.charCodeAt(start)) ? readNew(s, start) : readOld(s, start);
  if ('ok' in body) return body;
  let rest = s.slice(body.end);
  const url = label.form === 'abs' || label.form === 'pdf';
  const pdf = label.form === 'pdf' && wordAt(rest, 0, '.pdf') ? 4 : 0;
  const after = rest.charCodeAt(pdf);
  if (rest.length > pdf && !(url && (after === 63 || after === 35))) {
    return err('arxiv-trailing', 'nothing may follow the identifier but a URL query or fragment', body.end + pdf);
  }
  rest = s.slice(body.end);
  return {
    ok: true,
    value: {
      form: label.form,
      label: s.slice(0, start),
      written: s.slice(start, body.end),
      rest,
      archive: body.archive,
      subjectClass: body.subjectClass,
      number: body.number,
      version: body.version,
    },
  };
}

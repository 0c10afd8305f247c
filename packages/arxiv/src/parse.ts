import { type Err, err, type PidError, type Result, type SchemeOptions } from '@pidgate/core';
import type { ArxivErrorCode } from './codes.ts';
import {
  ARCHIVES,
  ARXIV_HOSTS,
  bareHostPrefix,
  httpHostPrefix,
  isDigit,
  isLetter,
  looksNew,
  looksOld,
  OLD_ARCHIVES,
  wordAt,
} from './grammar.ts';

/**
 * `arXiv:`, an arxiv.org URL by its path (`abs/`, `pdf/`, `html/`: the HTML rendering, `ps/`: PostScript), or
 * bare.
 */
export type ArxivForm = 'arxiv' | 'abs' | 'pdf' | 'html' | 'ps' | 'bare';

/** An arXiv identifier as written: the parts, not normalized. */
export interface ArxivComponents {
  readonly form: ArxivForm;
  /**
   * `arXiv:` (any case), `https://arxiv.org/abs/`, `https://arxiv.org/pdf/`, `…/html/`, `…/ps/` (also without
   * `https://`, and with `arXiv:` after the path's word), or "" when bare.
   */
  readonly label: string;
  /** The identifier as written: `hep-th/9901001v2`, `math.GT/0309136`, `1501.00001v1`. */
  readonly written: string;
  /**
   * After the identifier: a /pdf/ URL's `.pdf`, a URL's `?query` or `#fragment`, the category of arXiv's
   * stamp (` [q-bio.CB]`, not a URL's), or "".
   */
  readonly rest: string;
  /**
   * The archive as written (`hep-th`, `math`): part of an old-style identifier; before a new-style one
   * (`hep-th/1601.07616`, not arXiv's spelling) only the primary category, not part of the identifier.
   * Null for a new-style identifier written without one.
   */
  readonly archive: string | null;
  /** Old style: the subject class as written (`GT` of `math.GT`), or null. */
  readonly subjectClass: string | null;
  /** `YYMM.NNNNN` (new: it holds a ".") or `YYMMNNN` (old). */
  readonly number: string;
  /** The version (`v2` is 2), or null: then the identifier names the article, latest version. */
  readonly version: number | null;
}

/** The form of an arxiv.org path word (`abs/`, `pdf/`, `html/`, `ps/`) at `n`, or null. */
function pathForm(s: string, n: number): ArxivForm | null {
  if (wordAt(s, n, 'abs/')) return 'abs';
  if (wordAt(s, n, 'pdf/')) return 'pdf';
  if (wordAt(s, n, 'html/')) return 'html';
  return wordAt(s, n, 'ps/') ? 'ps' : null;
}

/**
 * An arxiv.org `abs/`, `pdf/`, `html/` (arXiv's HTML rendering) or `ps/` (PostScript) URL's prefix from `n`
 * (after its host), with an `arXiv:` after it, or null.
 */
function urlPath(s: string, n: number): { form: ArxivForm; length: number } | null {
  const form = pathForm(s, n);
  if (form === null) return null;
  const at = n + form.length + 1;
  // idutils' landing URLs put the label in the path: http://arxiv.org/abs/arXiv:1310.2590
  return { form, length: wordAt(s, at, 'arxiv:') ? at + 6 : at };
}

/**
 * The label at the start of `s`, or null. Cheap: a few characters, or a short scan for an old archive.
 */
export function arxivLabel(s: string): { form: ArxivForm; length: number } | null {
  const c = s.charCodeAt(0);
  if (isDigit(c)) return looksNew(s, 0) ? { form: 'bare', length: 0 } : null;
  const host = httpHostPrefix(s, ARXIV_HOSTS) || bareHostPrefix(s);
  if (host > 0) return urlPath(s, host);
  // "arXiv: 1501.00001", as reference lists write it: one space may follow the label
  if ((c | 0x20) === 97 && wordAt(s, 0, 'arxiv:')) return { form: 'arxiv', length: s.charCodeAt(6) === 32 ? 7 : 6 };
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
  // "v"; arXiv's own ARXIV_REGEX (arxiv-base) also takes "V", written "v" in the canonical form
  if ((s.charCodeAt(i) | 0x20) !== 118) return { version: null, end: i };
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
  if (Number(s.slice(i + 5, j)) === 0) {
    return err('arxiv-number', `the sequence number starts at ${'0'.repeat(width - 1)}1`, i + 5);
  }
  const v = readVersion(s, j);
  if ('ok' in v) return v;
  return { archive: null, subjectClass: null, number: s.slice(i, j), version: v.version, end: v.end };
}

/** Letters and hyphens from `i` (an archive or a subject class, at most 24): their end. */
function wordEnd(s: string, i: number): number {
  let j = i;
  while (j < s.length && j - i < 24 && (isLetter(s.charCodeAt(j)) || s.charCodeAt(j) === 45)) j++;
  return j;
}

/**
 * archive[.SC]/YYMMNNN, YYMM from 9107 to 0703 (the help page's "Identifiers up to March 2007 (9107-0703)"); or archive[.SC]/YYMM.NNNNN, a new-style identifier after
 * its primary category (idutils: "technically malformed, however appears in real data").
 */
function readOld(s: string, i: number): Body | Err<PidError<ArxivErrorCode>> {
  let j = wordEnd(s, i);
  if (j === i) return err('arxiv-form', 'an arXiv identifier is YYMM.NNNNN or archive/YYMMNNN', i);
  const archive = s.slice(i, j);
  if (!ARCHIVES.has(archive.toLowerCase())) {
    return err('arxiv-archive', `${JSON.stringify(archive)} is not an arXiv archive`, i);
  }
  let subjectClass: string | null = null;
  if (s.charCodeAt(j) === 46) {
    const k = j + 1;
    j = wordEnd(s, k);
    if (j === k) return err('arxiv-subject-class', 'a subject class follows the "." (math.GT)', k);
    subjectClass = s.slice(k, j);
  }
  if (s.charCodeAt(j) !== 47) return err('arxiv-form', 'an old-style identifier is archive/YYMMNNN', j);
  const n = j + 1;
  if (looksNew(s, n)) {
    const body = readNew(s, n);
    return 'ok' in body ? body : { ...body, archive, subjectClass };
  }
  if (!OLD_ARCHIVES.has(archive.toLowerCase())) {
    return err('arxiv-archive', `${JSON.stringify(archive)} has new-style identifiers only (YYMM.NNNNN)`, i);
  }
  if (!digitsAt(s, n, 7) || isDigit(s.charCodeAt(n + 7))) {
    return err('arxiv-number', 'an old-style number is seven digits, YYMMNNN', n);
  }
  const yy = Number(s.slice(n, n + 2));
  const mm = Number(s.slice(n + 2, n + 4));
  const month = (yy >= 91 ? 1900 + yy : 2000 + yy) * 100 + mm;
  if (mm < 1 || mm > 12 || month < 199107 || month > 200703) {
    return err('arxiv-month', 'old-style YYMM is a month from 9107 (July 1991) to 0703 (March 2007)', n);
  }
  if (s.slice(n + 4, n + 7) === '000') return err('arxiv-number', 'the sequence number starts at 001', n + 4);
  const v = readVersion(s, n + 7);
  if ('ok' in v) return v;
  return { archive, subjectClass, number: s.slice(n, n + 7), version: v.version, end: v.end };
}

/**
 * ` [category]` from `i` to the end, as arXiv's stamp writes it after an identifier
 * (`arXiv:0706.0001v1 [q-bio.CB]`): archive[.subject-class]. Null when it is one, else an error.
 */
function readCategory(s: string, i: number): Err<PidError<ArxivErrorCode>> | null {
  const a = i + 2;
  let j = wordEnd(s, a);
  if (!ARCHIVES.has(s.slice(a, j).toLowerCase())) {
    return err('arxiv-archive', `${JSON.stringify(s.slice(a, j))} is not an arXiv archive`, a);
  }
  if (s.charCodeAt(j) === 46) {
    const k = j + 1;
    j = wordEnd(s, k);
    if (j === k) return err('arxiv-subject-class', 'a subject class follows the "." (q-bio.CB)', k);
  }
  if (s.charCodeAt(j) !== 93) return err('arxiv-trailing', 'a category is written " [archive.SC]"', j);
  return j + 1 === s.length ? null : err('arxiv-trailing', 'nothing may follow the category', j + 1);
}

/** What follows the identifier: on a URL a query or fragment (and `.pdf` on /pdf/), else a category. */
function readRest(s: string, end: number, form: ArxivForm): Err<PidError<ArxivErrorCode>> | null {
  if (end === s.length) return null;
  if (form !== 'arxiv' && form !== 'bare') {
    const pdf = form === 'pdf' && wordAt(s, end, '.pdf') ? 4 : 0;
    // one "/" after the identifier, as arXiv's own Identifier reads it (physics/0303098/)
    const k = end + pdf + (s.charCodeAt(end + pdf) === 47 ? 1 : 0);
    const after = s.charCodeAt(k);
    if (k === s.length || after === 63 || after === 35) return null;
    return err('arxiv-trailing', 'nothing may follow the identifier but "/", a URL query or fragment', k);
  }
  if (s.charCodeAt(end) === 32 && s.charCodeAt(end + 1) === 91) return readCategory(s, end);
  return err('arxiv-trailing', 'nothing may follow the identifier but a category, " [hep-th]"', end);
}

/** Parse an arXiv identifier in any of its spellings. Never throws; linear in the input's length. */
export function parseArxiv(s: string, _options?: SchemeOptions): Result<ArxivComponents, PidError<ArxivErrorCode>> {
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
  const bad = readRest(s, body.end, label.form);
  if (bad) return bad;
  return {
    ok: true,
    value: {
      form: label.form,
      label: s.slice(0, start),
      written: s.slice(start, body.end),
      rest: s.slice(body.end),
      archive: body.archive,
      subjectClass: body.subjectClass,
      number: body.number,
      version: body.version,
    },
  };
}

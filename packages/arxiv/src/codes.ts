/** Every error code of the arXiv identifier parser (arXiv help: "Understanding the arXiv identifier"). */
export const ARXIV_ERROR_CODES = [
  'arxiv-label', // arXiv:, an arxiv.org /abs/ or /pdf/ URL, or a bare identifier
  'arxiv-form', // YYMM.NNNN(N) or archive[.SC]/YYMMNNN
  'arxiv-archive', // old style: one of arXiv's archives (hep-th, math, cs, ...)
  'arxiv-subject-class', // old style: archive "." subject class (math.GT)
  'arxiv-month', // MM is 01 to 12, and the month existed in that scheme
  'arxiv-number', // 4 digits to 1412, 5 digits from 1501 (new); 3 digits (old)
  'arxiv-version', // "v" and a version number from 1, no leading zero
  'arxiv-trailing', // only a URL query or fragment (and ".pdf" on a /pdf/ URL) after the identifier
] as const;

export type ArxivErrorCode = (typeof ARXIV_ERROR_CODES)[number];

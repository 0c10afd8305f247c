/**
 * Sets of schemes as one number, scheme i being the bit 2 ** i: up to 52 schemes, every value an exact
 * integer. Sets below 2 ** 31 (the first 31 schemes) use JavaScript's 32-bit operators directly; larger
 * ones are split into two halves of 26 bits, each combined with the 32-bit operators.
 */

/** The most schemes a set holds. */
export const MAX_SCHEMES = 52;

const SMALL = 2 ** 31;
const HALF = 2 ** 26;

/** The schemes in `a` or `b`. */
export function union(a: number, b: number): number {
  if (a < SMALL && b < SMALL) return a | b;
  const ha = Math.floor(a / HALF);
  const hb = Math.floor(b / HALF);
  return (ha | hb) * HALF + ((a - ha * HALF) | (b - hb * HALF));
}

/** The schemes in both `a` and `b`. */
export function intersect(a: number, b: number): number {
  if (a < SMALL && b < SMALL) return a & b;
  const ha = Math.floor(a / HALF);
  const hb = Math.floor(b / HALF);
  return (ha & hb) * HALF + ((a - ha * HALF) & (b - hb * HALF));
}

/** The schemes in `a` and not in `b`. */
export function minus(a: number, b: number): number {
  return a - intersect(a, b);
}

/**
 * The blocks of ISNI numbers (ISO 27729) that ISNI reserved for ORCID, as ORCID's support article "What
 * is the relationship between ISNI and ORCID?" gives them: 0000-0001-5000-0007 to 0000-0003-5000-0001
 * (2013) and 0009-0000-0000-0000 to 0009-0010-0000-0000 (2023). Each bound is the 15-digit base number,
 * the check character left out; both bounds are in the block. A 16-character ISNI outside them is not
 * an ORCID iD.
 */
export const ORCID_BLOCKS: readonly (readonly [first: number, last: number])[] = [
  [15_000_000, 35_000_000],
  [900_000_000_000, 900_100_000_000],
];

/** Is the 15-digit base number `digits15` (check character left out) in a block reserved for ORCID? */
export function inOrcidBlock(digits15: string): boolean {
  const n = Number(digits15);
  for (let i = 0; i < ORCID_BLOCKS.length; i++) {
    const block = ORCID_BLOCKS[i] as readonly [number, number];
    if (n >= block[0] && n <= block[1]) return true;
  }
  return false;
}

/** The ISO/IEC 7064 MOD 11-2 check character: one routine in `@pidgate/core`, shared with ISNI. */
export { mod11_2 } from '@pidgate/core';

// iconv-lite, loaded (by decode.ts) only for an --encoding or an input that is not UTF-8. A module of its
// own so that every build of the CLI loads it through one lazy import of a source file (scripts/build.mjs).
import * as iconvModule from 'iconv-lite';

type Iconv = typeof iconvModule;
const m = iconvModule as Iconv & { default?: Iconv };
/** iconv-lite's API (its CommonJS exports, however the module was loaded). */
export const iconv: Iconv = m.default ?? m;

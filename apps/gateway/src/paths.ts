import { fileURLToPath } from 'node:url';

/**
 * The files the gateway reads at run time, found relative to this module. It sits one level below the package
 * root (`apps/gateway/src/`), as the CLI bundle does (`apps/cli/dist/`, where `build.mjs` copies `data/` beside
 * it): so it stays at the top of `src/`, whatever folder the code that reads the files is in.
 */
export const DATA_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** The package.json beside the code (the gateway's own, or the CLI's in the bundle): the version. */
export const PACKAGE_JSON = new URL('../package.json', import.meta.url);

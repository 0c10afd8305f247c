// jschardet, loaded (by decode.ts) only when an input is neither UTF-16 nor valid UTF-8. A module of its own
// so that every build of the CLI loads it through one lazy import of a source file (scripts/build.mjs).
export { detectAll } from 'jschardet';

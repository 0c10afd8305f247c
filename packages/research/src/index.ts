/**
 * Research identifiers of authority files, archives and registries: GND, VIAF, Wikidata, OpenAlex, LSID,
 * ISTC, HAL, ASCL, CSTR and RRID. One file per scheme (its codes, grammar, the four functions of the
 * signature shape and its definition); `shell.ts` holds what they share (a label, URL prefix or bare
 * shape, then the identifier to the end of the string).
 */
export * from './ascl.ts';
export * from './cstr.ts';
export * from './gnd.ts';
export * from './hal.ts';
export * from './istc.ts';
export * from './lsid.ts';
export * from './openalex.ts';
export * from './rrid.ts';
export type { Form, IdComponents } from './shell.ts';
export * from './viaf.ts';
export * from './wikidata.ts';

import { arkScheme } from '@pidgate/ark';
import { createRegistry, type Registry, type Scheme } from '@pidgate/core';
import { pdiScheme } from '@pidgate/pdi';
import { pwidScheme } from '@pidgate/pwid';
import { urnScheme } from '@pidgate/urn';

/**
 * Every scheme pidgate knows, in one list. Dispatch order comes from each scheme's priority:
 * ARK, PWID and PDI are asked before the generic URN rule.
 */
export const schemes: readonly Scheme[] = [
  arkScheme as Scheme,
  pwidScheme as Scheme,
  pdiScheme as Scheme,
  urnScheme as Scheme,
];

/** The registry the CLI and the gateway use. */
export const registry: Registry = createRegistry(schemes);

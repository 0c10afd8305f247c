import { devNamespace } from './dev.ts';
import { doiNamespace } from './doi.ts';
import { ietfNamespace } from './ietf.ts';
import { isanNamespace } from './isan.ts';
import { isbnNamespace } from './isbn.ts';
import { isoNamespace } from './iso.ts';
import { issnNamespace } from './issn.ts';
import { alertNamespace, mrnNamespace, serviceNamespace } from './labels.ts';
import { lexNamespace } from './lex.ts';
import { dnbCheckDigit, nbnNamespace } from './nbn.ts';
import { oidNamespace } from './oid.ts';
import {
  epcglobalNamespace,
  epcNamespace,
  exampleNamespace,
  ieeeNamespace,
  mpegNamespace,
  ogcNamespace,
  threeGppNamespace,
} from './structured.ts';
import type { UrnNamespace } from './types.ts';
import { uuidNamespace } from './uuid.ts';

/** Every namespace module, in one list. */
export const NAMESPACE_MODULES: readonly UrnNamespace[] = [
  isbnNamespace,
  issnNamespace,
  nbnNamespace,
  uuidNamespace,
  oidNamespace,
  ietfNamespace,
  doiNamespace,
  lexNamespace,
  isanNamespace,
  isoNamespace,
  epcNamespace,
  epcglobalNamespace,
  mpegNamespace,
  ogcNamespace,
  ieeeNamespace,
  threeGppNamespace,
  devNamespace,
  serviceNamespace,
  alertNamespace,
  mrnNamespace,
  exampleNamespace,
];

/** The dispatch table: lower-case NID → module. One Map lookup on the hot path. */
export const NAMESPACES: ReadonlyMap<string, UrnNamespace> = new Map(NAMESPACE_MODULES.map((m) => [m.nid, m]));

export { dnbCheckDigit };

/**
 * IANA's "Uniform Resource Names (URN) Namespaces" registry, shipped as data: the formal
 * namespaces (RFC 8141 §6), the informal ones (`urn-N`), and how pidgate treats the rest.
 * Source: https://www.iana.org/assignments/urn-namespaces/ (the registry and each registration).
 */

export type NamespaceKind = 'formal' | 'informal';

export interface NamespaceRecord {
  /** The NID as registered, lower case. */
  readonly nid: string;
  readonly kind: NamespaceKind;
  /** The registration: an RFC (`RFC 8254`) or an IANA template (`IANA template`). */
  readonly reference: string;
  /** Where the registration document is. */
  readonly url: string;
  /** The registrant (organization) as the registration names it. */
  readonly registrant: string;
}

const rfc = (n: number) => ({ reference: `RFC ${n}`, url: `https://www.rfc-editor.org/rfc/rfc${n}` });
const template = (nid: string) => ({
  reference: 'IANA template',
  url: `https://www.iana.org/assignments/urn-formal/${nid}`,
});
const formal = (nid: string, registrant: string, ref: { reference: string; url: string }): NamespaceRecord => ({
  nid,
  kind: 'formal',
  registrant,
  ...ref,
});

/** Every formal namespace of the registry, by NID. */
export const FORMAL_NAMESPACES: readonly NamespaceRecord[] = [
  formal('3gpp', '3rd Generation Partnership Project (3GPP)', rfc(5279)),
  formal('3gpp2', '3rd Generation Partnership Project 2 (3GPP2)', rfc(8464)),
  formal('adid', 'Ad-ID, LLC', rfc(8107)),
  formal('alert', 'IETF (Alert-Info URNs)', rfc(7462)),
  formal('bbf', 'Broadband Forum', rfc(8057)),
  formal('broadband-forum-org', 'Broadband Forum', rfc(8057)),
  formal('c2pa', 'Coalition for Content Provenance and Authenticity (C2PA)', template('c2pa')),
  formal('cablelabs', 'Cable Television Laboratories, Inc.', rfc(6289)),
  formal('ccsds', 'Consultative Committee for Space Data Systems (CCSDS)', rfc(7738)),
  formal('cgi', 'CGI Group Inc.', rfc(5138)),
  formal('clei', 'Telcordia Technologies (CLEI codes)', rfc(4152)),
  formal('ddi', 'DDI Alliance (Data Documentation Initiative)', template('ddi')),
  formal('dev', 'IETF (device identifiers)', rfc(9039)),
  formal('dgiwg', 'Defence Geospatial Information Working Group (DGIWG)', template('dgiwg')),
  formal('doi', 'International DOI Foundation', template('doi')),
  formal('dslforum-org', 'Broadband Forum (formerly DSL Forum)', rfc(8057)),
  formal('dvb', 'DVB Project', rfc(7354)),
  formal('ebu', 'European Broadcasting Union (EBU)', rfc(5174)),
  formal('eidr', 'Entertainment ID Registry Association (EIDR)', rfc(7972)),
  formal('epc', 'EPCglobal Inc. (GS1)', rfc(5134)),
  formal('epcglobal', 'EPCglobal Inc. (GS1)', rfc(5134)),
  formal('etsi', 'European Telecommunications Standards Institute (ETSI)', template('etsi')),
  formal('eurosystem', 'European Central Bank (Eurosystem)', rfc(7207)),
  formal('example', 'IETF (documentation examples)', rfc(6963)),
  formal('fdc', 'Federated Content Government (see RFC 4198)', rfc(4198)),
  formal('fipa', 'Foundation for Intelligent Physical Agents (FIPA)', rfc(3616)),
  formal('geant', 'GÉANT Association (formerly DANTE)', rfc(4926)),
  formal('globus', 'Globus (University of Chicago)', rfc(7853)),
  formal('gsma', 'GSM Association', template('gsma')),
  formal('hbbtv', 'HbbTV Association', template('hbbtv')),
  formal('ieee', 'IEEE Standards Association', rfc(8069)),
  formal('ietf', 'IETF', rfc(2648)),
  formal('iptc', 'International Press Telecommunications Council (IPTC)', rfc(3937)),
  formal('isan', 'ISAN International Agency', rfc(4246)),
  formal('isbn', 'International ISBN Agency', rfc(8254)),
  formal('iso', 'International Organization for Standardization (ISO)', rfc(5141)),
  formal('issn', 'ISSN International Centre', rfc(8254)),
  formal('itu', 'International Telecommunication Union (ITU)', template('itu')),
  formal('ivis', 'Latvian State Information System Integration (IVIS) project', rfc(4617)),
  formal('lex', 'National Research Council of Italy (CNR), for sources of law', rfc(9676)),
  formal('liberty', 'Liberty Alliance Project', rfc(3622)),
  formal('mace', 'Internet2 Middleware Architecture Committee for Education (MACE)', rfc(3613)),
  formal('mef', 'MEF Forum', template('mef')),
  formal('mpeg', 'ISO/IEC JTC 1/SC 29/WG 11 (MPEG)', rfc(3614)),
  formal(
    'mrn',
    'International Association of Marine Aids to Navigation and Lighthouse Authorities (IALA)',
    template('mrn'),
  ),
  formal('nato', 'North Atlantic Treaty Organization (NATO)', rfc(7467)),
  formal('nbn', 'National libraries (registration by the National Library of Finland)', rfc(8458)),
  formal('nena', 'National Emergency Number Association (NENA)', rfc(6061)),
  formal('newsml', 'International Press Telecommunications Council (IPTC)', rfc(3085)),
  formal('nfc', 'NFC Forum', rfc(4729)),
  formal('nzl', 'New Zealand Government', rfc(4350)),
  formal('oasis', 'OASIS', rfc(3121)),
  formal('ogc', 'Open Geospatial Consortium (OGC)', rfc(5165)),
  formal('ogf', 'Open Grid Forum (OGF)', rfc(6453)),
  formal('oid', 'Object identifiers (ITU-T X.660 | ISO/IEC 9834)', rfc(3061)),
  formal('oipf', 'Open IPTV Forum', rfc(6893)),
  formal('oma', 'Open Mobile Alliance', rfc(4358)),
  formal('pin', 'Network Solutions (Personal Internet Name)', rfc(3043)),
  formal('publicid', 'SGML/XML public identifiers (OASIS)', rfc(3151)),
  formal('pwid', 'Royal Danish Library (Persistent Web IDentifier)', template('pwid')),
  formal('reso', 'Real Estate Standards Organization (RESO)', template('reso')),
  formal('s1000d', 'S1000D (ASD, AIA, ATA)', rfc(4688)),
  formal('schac', 'TERENA (SCHAC)', rfc(6338)),
  formal('service', 'IETF (emergency and well-known services)', rfc(5031)),
  formal('smpte', 'Society of Motion Picture and Television Engineers (SMPTE)', rfc(5119)),
  formal('swift', 'S.W.I.F.T. SCRL', rfc(3615)),
  formal('tva', 'TV-Anytime Forum', rfc(4195)),
  formal('uci', 'National Computerization Agency, Korea (UCI)', rfc(4179)),
  formal('ucode', 'Ubiquitous ID Center / T-Engine Forum', rfc(6588)),
  formal('uuid', 'IETF (UUIDs)', rfc(9562)),
  formal('web3d', 'Web3D Consortium', rfc(3541)),
  formal('xmlorg', 'OASIS (XML.org)', rfc(3120)),
  formal('xmpp', 'XMPP Standards Foundation', rfc(4854)),
];

/** Informal namespaces (RFC 8141 §5.2: `urn-` and a number IANA assigns). */
export const INFORMAL_NAMESPACES: readonly NamespaceRecord[] = [1, 2, 3, 4, 5, 6, 7].map((n) => ({
  nid: `urn-${n}`,
  kind: 'informal' as const,
  reference: 'IANA informal registration',
  url: 'https://www.iana.org/assignments/urn-informal/',
  registrant: `see the IANA informal registration urn-${n}`,
}));

const BY_NID = new Map<string, NamespaceRecord>([...FORMAL_NAMESPACES, ...INFORMAL_NAMESPACES].map((r) => [r.nid, r]));

/** The registry record of a NID (any case), or undefined when IANA has none. */
export function namespaceRecord(nid: string): NamespaceRecord | undefined {
  return BY_NID.get(nid.toLowerCase());
}

/** Is this lower-case NID registered (formal or informal)? */
export function isRegisteredNid(lowerNid: string): boolean {
  return BY_NID.has(lowerNid);
}

/** Every registered namespace, formal then informal. */
export function allNamespaceRecords(): readonly NamespaceRecord[] {
  return [...FORMAL_NAMESPACES, ...INFORMAL_NAMESPACES];
}

/** Is this NID (lower case) of the informal form `urn-<digits>`? */
export function isInformalForm(nid: string): boolean {
  if (!nid.startsWith('urn-') || nid.length < 5) return false;
  for (let i = 4; i < nid.length; i++) {
    const c = nid.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Is this NID (lower case) of RFC 3406's experimental form `x-...` (gone from RFC 8141)? */
export function isExperimentalForm(nid: string): boolean {
  return nid.startsWith('x-');
}

const isLowerLetter = (c: number): boolean => c >= 97 && c <= 122;

/**
 * Why IANA can never register this NID (lower case, well-formed), or undefined when it could.
 * RFC 8141 §5.1: a formal NID "MUST be more than two characters long, and it MUST NOT start with
 * ALPHA ALPHA "-"" (country codes; so not "xn--" either), and it does not start with "urn-", which
 * §5.2 keeps for informal namespaces ("urn-" and a number). RFC 2141 §2: "the NID "urn" is
 * reserved and MUST NOT be used".
 */
export function reservedNidReason(nid: string): string | undefined {
  if (nid === 'urn') return 'the NID "urn" is reserved (RFC 2141 §2: it "MUST NOT be used")';
  if (nid.length === 2) {
    return 'a NID of two characters is never registered (RFC 8141 §5.1: reserved for country codes)';
  }
  if (isLowerLetter(nid.charCodeAt(0)) && isLowerLetter(nid.charCodeAt(1)) && nid.charCodeAt(2) === 45) {
    return 'a NID of two letters and "-" is reserved for country-code namespaces (RFC 8141 §5.1)';
  }
  if (nid.startsWith('urn-') && !isInformalForm(nid)) {
    return 'a NID starting "urn-" is reserved for informal namespaces, "urn-" and a number (RFC 8141 §5.1, §5.2)';
  }
  return undefined;
}

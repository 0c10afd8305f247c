import { NOID_ERROR_CODES } from '@pidgate/ark';
import { CORE_ERROR_CODES, type CoreErrorCode } from '@pidgate/core';
import { MAPTR_ERROR_CODES, type MaptrErrorCode } from '@pidgate/discovery';
import { RESOLUTION_ERROR_CODES } from '@pidgate/pwid';
import { schemes } from '@pidgate/schemes';
import { STORE_ERROR_CODES, type StoreErrorCode } from '@pidgate/store';
import { FAILED_CODES, GONE_CODES, NOT_FOUND_CODES } from '../resolution/index.ts';

/** What a problem code means, and what the client can do about it (the page at `/problems/{code}`). */
export interface CodeDescription {
  readonly meaning: string;
  readonly action: string;
}

const d = (meaning: string, action: string): CodeDescription => ({ meaning, action });

/** The codes the HTTP edge and the admin API answer themselves (not from a store, resolver or parser table). */
export const EDGE_CODES = [
  'admin-disabled',
  'batch-too-large',
  'body-too-large',
  'format-mismatch',
  'format-required',
  'internal-error',
  'invalid-erc',
  'invalid-json',
  'invalid-level',
  'invalid-profile',
  'invalid-report-query',
  'invalid-request',
  'invalid-request-target',
  'invalid-webhook',
  'method-not-allowed',
  'mint-bind-failed',
  'missing-identifier',
  'not-acceptable',
  'not-admin',
  'not-owner',
  'out-of-scope',
  'ownership-change',
  'pdi-immutable',
  'pdi-query',
  'pdi-series',
  'pdi-version-assigned',
  'prefix-rule-not-own',
  'reload-failed',
  'restricted-archive',
  'scheme-not-bindable',
  'store-disabled',
  'unknown-inflection',
  'unsupported-media-type',
  'unauthorized',
  'webhook-forbidden',
  'maptr-error',
] as const;

type EdgeCode = (typeof EDGE_CODES)[number];
type ResolutionCode =
  | (typeof NOT_FOUND_CODES)[number]
  | (typeof GONE_CODES)[number]
  | (typeof FAILED_CODES)[number]
  | (typeof RESOLUTION_ERROR_CODES)[number];

const CHECK_ID = 'Check the identifier (a typo, a missing part) or look it up on the home page.';

/**
 * The one table of problem codes: every code of the gateway's own tables (the edge's, the store's
 * `STORE_ERROR_CODES`, resolution's NOT_FOUND/GONE/FAILED codes, Maptr's, the PWID registry's, the core's
 * dispatch codes). Typed over their unions: a new code does not compile until it is described here.
 * The parsers' own syntax codes are described from the scheme that names them (`describeProblemCode`).
 */
export const CODE_DESCRIPTIONS = {
  // The HTTP edge and the admin API.
  'admin-disabled': d(
    'The admin API is turned off in this gateway’s configuration.',
    'Ask its operator, or use the command line (pidgate token, pidgate shoulder).',
  ),
  'batch-too-large': d('The batch holds more identifiers than `batchLimit` allows.', 'Split it into smaller batches.'),
  'body-too-large': d(
    'The request body is longer than the gateway accepts (`bodyLimit`, `streamLimit`).',
    'Send less in one request, or stream text to /api/v1/normalize.',
  ),
  'format-mismatch': d(
    'The body is not in the format its Content-Type or `format` names.',
    'Send the declared format, or declare the format you send.',
  ),
  'format-required': d(
    'The request must say which format it sends or wants.',
    'Add the `format` parameter or a matching Content-Type.',
  ),
  'internal-error': d(
    'The gateway failed to answer: a fault on our side, logged.',
    'Try again later; if it persists, tell the operator the time and the request.',
  ),
  'invalid-erc': d(
    'The ERC metadata record is malformed (names, values or their encoding).',
    'Correct the record; each name once, values as text.',
  ),
  'invalid-json': d('The body is not valid JSON.', 'Send a JSON document (Content-Type: application/json).'),
  'invalid-level': d(
    'The equivalence level named is not one the gateway knows (`lexical`, `standard`).',
    'Use `lexical` or `standard`.',
  ),
  'invalid-profile': d(
    'The parsing profile named is not one the gateway knows (`source`, `modern`).',
    'Use `source` or `modern`.',
  ),
  'invalid-report-query': d(
    'A report’s query (`/api/v1/reports/…`) names an unknown parameter or a bad value (a class, an age in days, a `since` instant, `broken`, `format`, `limit`), or both `age` and `since`; `issues` says which.',
    'Correct the parameters named in `issues` (docs/links.md lists them).',
  ),
  'invalid-webhook': d(
    'A webhook subscription (`/api/v1/webhooks`) names an unknown field or a bad value (an http or https URL, a secret of 16 to 200 characters, events `broken` and `recovered`, an owner or a group but not both); `issues` says which.',
    'Correct the fields named in `issues` (docs/links.md, "Webhooks").',
  ),
  'invalid-request': d(
    'The request does not match the route’s schema; `issues` says where.',
    'Correct the parameters or body named in `issues`.',
  ),
  'invalid-request-target': d(
    'The request line or Host header cannot be read as a URL.',
    'Percent-encode the path and send a valid Host.',
  ),
  'method-not-allowed': d(
    'This path does not answer that method; the Allow header lists those it does.',
    'Use a method from the Allow header.',
  ),
  'mint-bind-failed': d(
    'An identifier was minted but binding it to the target failed.',
    'Bind it again with PUT /api/v1/bindings/{identifier}.',
  ),
  'missing-identifier': d('The request names no identifier.', 'Put the identifier in the path or the body.'),
  'not-acceptable': d(
    'None of the media types the Accept header asks for can be answered here.',
    'Accept application/json, text/html or the type the route documents.',
  ),
  'not-admin': d('This needs a token with the admin scope.', 'Use a token made with `pidgate token create --admin`.'),
  'out-of-scope': d(
    'The token’s scopes do not cover this identifier.',
    'Use a token whose scope is a prefix of the identifier.',
  ),
  'pdi-immutable': d('A PDI version, once bound, is never changed.', 'Bind a new version instead.'),
  'pdi-query': d('The PDI query is malformed.', 'See docs/api.md for the PDI selectors.'),
  'pdi-series': d('The PDI document series is malformed.', 'Correct the series name.'),
  'pdi-version-assigned': d(
    'The PDI version number is assigned by the gateway, not the client.',
    'Leave the version out; the answer gives the one assigned.',
  ),
  'prefix-rule-not-own': d(
    'Prefix rules are kept only under this institution’s own NAANs.',
    'Declare the NAAN with a shoulder first (pidgate shoulder add).',
  ),
  'reload-failed': d(
    'The NAAN table could not be reloaded; the old one stays in use.',
    'Fix the file named in the detail and reload again.',
  ),
  'restricted-archive': d('The archive of this PWID does not allow public replay.', 'Ask the archive for access.'),
  'scheme-not-bindable': d(
    'Identifiers of this scheme cannot be bound here.',
    'Bind ARKs, PDIs or the schemes docs/api.md lists.',
  ),
  'store-disabled': d(
    'The gateway runs without a store (`store.enabled: false`): nothing can be bound or read from it.',
    'Ask the operator; resolution still works through discovery.',
  ),
  'unknown-inflection': d(
    'After an identifier, `?` asks for metadata only as `?`, `??` or `?info`.',
    'Use one of those, or percent-encode a `?` that is part of the identifier (%3F).',
  ),
  'unsupported-media-type': d(
    'The body’s Content-Type is not one this route reads.',
    'Send application/json (or the type the route documents).',
  ),
  unauthorized: d(
    'This needs a bearer token (Authorization: Bearer …).',
    'Create one with `pidgate token create` and send it.',
  ),
  'maptr-error': d('The Maptr lookup failed inside the gateway.', 'Try again later; the operator’s log has the cause.'),
  // Resolution.
  'not-found': d('Nothing is bound under this identifier or key (or it is reserved, not public).', CHECK_ID),
  'not-bound': d(
    'An ARK under one of this institution’s own NAANs that is not bound here; it is never sent elsewhere.',
    CHECK_ID,
  ),
  'unknown-naan': d(
    'No Name Mapping Authority is known for the NAAN.',
    'Check the NAAN; the operator can update the NAAN table (pidgate naan update).',
  ),
  'suffix-refused': d(
    'What follows a bound identifier or prefix rule cannot be appended to its target.',
    'Use the identifier without the suffix.',
  ),
  'target-loop': d(
    'The target would come back to this gateway as an identifier: a redirect loop.',
    'Bind the identifier to a URL served elsewhere.',
  ),
  'no-resolver': d(
    'The resolver table has no entry for this scheme.',
    'Use a scheme this gateway resolves (see the home page).',
  ),
  'no-delegation': d(
    'No URN delegation or resolver-table entry covers this namespace.',
    'Check the URN’s namespace, or resolve it at its registry.',
  ),
  'pdi-not-bound': d('This PDI is not bound here.', CHECK_ID),
  'target-broken': d(
    'The identifier is bound, but its target has failed the link checker’s checks over its whole window (broken); its shoulder answers with a web-archive fallback instead of the redirect, and `captures` lists the latest captures found (none, when no configured archive has one).',
    'Follow a capture’s `url` (its `pwid` cites it), or tell the identifier’s owner that the target is gone.',
  ),
  tombstoned: d(
    'The identifier was deleted; it will never be bound again.',
    'The answer carries its last record; look for a successor there.',
  ),
  unavailable: d(
    'The identifier is marked unavailable (EZID’s status), with its reason.',
    'Read the reason; ask the identifier’s owner.',
  ),
  'storage-error': d(
    'The store failed (unreachable, locked, disk full).',
    'Try again later; the operator’s log has the cause.',
  ),
  'bad-target': d(
    'A resolver, template or archive gave no http(s) URL.',
    'Tell the operator: the resolver configuration is wrong for this identifier.',
  ),
  // The PWID archive registry.
  'registry-file': d('The PWID archive registry file cannot be read.', 'The operator must fix `pwid.archives`.'),
  'registry-json': d('The PWID archive registry file is not JSON.', 'The operator must fix `pwid.archives`.'),
  'registry-schema': d(
    'The PWID archive registry does not match its schema.',
    'The operator must fix `pwid.archives`.',
  ),
  'unknown-archive': d('The PWID names an archive that is not in the registry.', 'Check the archive-id.'),
  'no-replay': d('The archive has no replay pattern.', 'Ask the archive how to reach its items.'),
  'registered-item': d('A "~" item has no URI to replay.', 'Use the archived URI in the PWID.'),
  'replay-url': d(
    'The URL is not a replay URL of any registered archive.',
    'Give a replay URL of a registered archive.',
  ),
  'replay-timestamp': d(
    'The Wayback timestamp has no PWID form.',
    'Use a timestamp of an even number of digits, at least 8.',
  ),
  'replay-host': d(
    'The archived URI of the replay URL has an empty host.',
    'Give a replay URL of an http(s) URI with a host.',
  ),
  'precision-spec': d('The precision given is not a precision-spec.', 'Use `part` or `page`.'),
  // Maptr (DNS discovery of an ARK's NAAN).
  'maptr-naan': d('The NAAN cannot be looked up in Maptr.', 'Check the NAAN.'),
  'maptr-server': d('The Maptr DNS server failed.', 'Try again later.'),
  'maptr-timeout': d('The Maptr DNS lookup timed out.', 'Try again later.'),
  'maptr-network': d('The Maptr DNS server could not be reached.', 'Try again later.'),
  'maptr-nxdomain': d('Maptr knows no record for the NAAN.', CHECK_ID),
  'maptr-rcode': d('The Maptr DNS server refused the query.', 'Try again later.'),
  'maptr-truncated': d('The Maptr answer was truncated.', 'Try again later.'),
  'maptr-loop': d('Maptr’s records point back at themselves.', 'Tell the NAAN’s holder.'),
  'maptr-depth': d('Maptr’s records chain too deep.', 'Tell the NAAN’s holder.'),
  'maptr-query-limit': d('Resolving through Maptr took too many queries.', 'Tell the NAAN’s holder.'),
  'maptr-no-records': d('Maptr has no usable record for the NAAN.', CHECK_ID),
  // The core's dispatch.
  'empty-input': d('The identifier is empty.', 'Give an identifier.'),
  'surrounding-whitespace': d('The identifier starts or ends with white space.', 'Remove the spaces around it.'),
  'unknown-scheme': d('The text is not an identifier of any scheme this gateway knows.', CHECK_ID),
  'input-too-long': d('The identifier is longer than any identifier can be.', CHECK_ID),
  'ambiguous-scheme': d(
    'The identifier is written bare, and more than one scheme reads it that way; the detail names each.',
    'Write it with its label or URL (gnd:, viaf:, pmid:, wikidata:, https://openalex.org/…).',
  ),
  // The store.
  conflict: d(
    'The precondition failed, or the thing already exists.',
    'Read the current state and retry with its version (If-Match), or choose another name.',
  ),
  'invalid-key': d('An identifier key is empty, too long or holds control characters or spaces.', CHECK_ID),
  'key-too-long': d('The identifier is longer than the store keeps.', 'Use a shorter identifier.'),
  'invalid-binding': d(
    'The binding does not match its schema (target, status, metadata).',
    'Correct the field the detail names.',
  ),
  'invalid-actor': d('The actor name is empty or too long.', 'Give a shorter actor name.'),
  'invalid-cursor': d('The paging cursor was not made by this listing.', 'Start the listing again without a cursor.'),
  'invalid-limit': d('A page size, batch size or list is out of range.', 'Use a value in the documented range.'),
  'invalid-count': d('The number to mint is not a positive whole number within range.', 'Ask for fewer.'),
  'invalid-format': d('A PDI format token is malformed.', 'Correct the format.'),
  'invalid-version': d('A PDI version is not a positive whole number.', 'Give a version from 1 up.'),
  'invalid-date': d(
    'A date is not YYYY-MM-DD, or a time bound is not ISO 8601.',
    'Write dates as 2024-05-31 and instants as 2024-05-31T12:00:00Z.',
  ),
  'invalid-series': d('A serial-number series name is malformed.', 'Correct the series name.'),
  'invalid-naan': d('A NAAN is malformed.', 'A NAAN is five digits or a betanumeric string.'),
  'invalid-template': d('A NOID template is malformed.', 'See docs/api.md for the template syntax (such as eedk).'),
  'invalid-seed': d('A minter seed is malformed.', 'Correct the seed.'),
  'invalid-fallback': d(
    'A shoulder’s web-archive fallback is none of `none`, `archive-page`, `archive-redirect`.',
    'Send one of the three (docs/links.md, "Web-archive fallback").',
  ),
  'mint-exhausted': d('A bounded NOID template has no values left.', 'Declare a shoulder with a longer template.'),
  'invalid-token': d('The bearer token is malformed or unknown.', 'Send a token made by `pidgate token create`.'),
  'token-revoked': d('The bearer token was revoked.', 'Ask for a new token.'),
  'token-expired': d('The bearer token is past its expiry date.', 'Ask for a new token.'),
  'invalid-expiry': d('A token expiry is not an ISO 8601 instant in the future.', 'Give a future instant.'),
  'invalid-session': d('The session is malformed, unknown or expired.', 'Log in again.'),
  'invalid-ttl': d('A session lifetime is out of range.', 'Use the documented range.'),
  'not-reserved': d(
    'The identifier is not reserved, so it cannot be deleted that way.',
    'Tombstone it instead (DELETE on the binding).',
  ),
  'invalid-token-name': d('A token name is empty or too long.', 'Give a shorter name.'),
  'invalid-scope': d('A token scope is empty, too long or holds spaces.', 'Give an identifier prefix as the scope.'),
  'invalid-url': d('DATABASE_URL is not a postgres:// URL.', 'The operator must fix DATABASE_URL.'),
  'invalid-schema': d(
    'The PostgreSQL schema name is not a plain identifier.',
    'The operator must fix the schema name.',
  ),
  'schema-too-new': d('The database was migrated by a newer pidgate.', 'Run that newer pidgate.'),
  'import-source-error': d(
    'The import’s source failed while being read.',
    'Fix the source and import again (imports are idempotent).',
  ),
  'ambiguous-target': d(
    'The target is read as one URL by the WHATWG parser (browsers) and as another by its text (a backslash, a scheme without //, control characters, a user name or password, an escaped host).',
    'Write the target as the URL you mean, e.g. https://example.org/path, without a backslash or user name.',
  ),
  'invalid-search': d(
    'A Manage search filter, the sort, the page or the visibility is malformed.',
    'Correct the field the message names (dates are ISO 8601, pages are within range).',
  ),
  'invalid-username': d(
    'A username is malformed: empty, too long, or holding characters other than letters, digits, ".", "_" and "-".',
    'Choose a username of letters, digits, ".", "_" and "-".',
  ),
  'invalid-group': d(
    'A group name or description is malformed.',
    'Choose a group name of letters, digits, ".", "_" and "-".',
  ),
  'invalid-password': d(
    'A new password is too short, too long or holds control characters.',
    'Choose a longer password (see docs/accounts.md for the rule).',
  ),
  'invalid-email': d('An email address is malformed.', 'Give an address such as name@example.org.'),
  'invalid-display-name': d('A display name is empty, too long or holds control characters.', 'Give a shorter name.'),
  'invalid-role': d('A role is not admin, user or readonly.', 'Choose admin, user or readonly.'),
  'unknown-user': d('No user of that name exists.', 'Check the name (pidgate user list), or create the user.'),
  'unknown-group': d('No group of that name exists.', 'Check the name (pidgate group list), or create the group.'),
  'invalid-credentials': d(
    'The username or password is wrong (or the user has no password set).',
    'Check both and try again; repeated wrong passwords lock the account for a while.',
  ),
  'user-disabled': d('The user is disabled: no sign-in, and none of their tokens work.', 'Ask an administrator.'),
  'too-many-attempts': d(
    'Too many wrong passwords for this user lately: sign-in is locked for a while.',
    'Wait until the time the answer gives (Retry-After), then try again.',
  ),
  'webhook-forbidden': d(
    'Only the user a webhook belongs to (or a co-owner), the members of its group and administrators manage it; a read-only account manages none.',
    'Use a token of the owner or of a member of the group, or ask an administrator.',
  ),
  'not-owner': d(
    'The identifier is not yours: only its owner, its co-owners, its group and administrators may change it (docs/accounts.md).',
    'Ask its owner to name you a co-owner, or an administrator.',
  ),
  'ownership-change': d(
    "Only an administrator may name an identifier's owner or owner group (`owner`, `ownerGroup`, EZID's `_owner`, `_ownergroup`).",
    'Leave the owner out, or ask an administrator.',
  ),
  'store-closed': d('The store was closed (the gateway is shutting down).', 'Try again in a moment.'),
} as const satisfies Record<
  EdgeCode | ResolutionCode | MaptrErrorCode | CoreErrorCode | StoreErrorCode,
  CodeDescription
>;

/** A code described: its meaning, what to do, and (for a parser's code) the schemes that give it. */
export interface DescribedCode extends CodeDescription {
  readonly code: string;
  readonly schemes?: readonly string[];
}

/** The parsers' codes, each with the schemes whose syntax rule it names (and NOID templates' own). */
function parserCodes(): ReadonlyMap<string, string[]> {
  const map = new Map<string, string[]>();
  const add = (code: string, scheme: string) => map.set(code, [...(map.get(code) ?? []), scheme]);
  for (const s of schemes) for (const code of s.errorCodes) add(code, s.name);
  for (const code of NOID_ERROR_CODES) add(code, 'NOID template');
  return map;
}
let parsers: ReadonlyMap<string, string[]> | null = null;

const TABLE: Readonly<Record<string, CodeDescription>> = CODE_DESCRIPTIONS;

/** The description of a problem code, or null when the gateway gives no such code. */
export function describeProblemCode(code: string): DescribedCode | null {
  if (Object.hasOwn(TABLE, code)) return { code, ...(TABLE[code] as CodeDescription) };
  parsers ??= parserCodes();
  const by = parsers.get(code);
  if (by === undefined) return null;
  return {
    code,
    schemes: by,
    meaning: `The identifier breaks a syntax rule of ${by.join(', ')} (rule \`${code}\`); the problem’s \`offset\` says where, \`detail\` how.`,
    action: 'Correct the identifier at that offset, or normalize it first (POST /api/v1/normalize).',
  };
}

/** Every code described: the table's, then the parsers'. */
export function describedCodes(): readonly string[] {
  parsers ??= parserCodes();
  return [...new Set([...Object.keys(TABLE), ...parsers.keys()])];
}

/** The codes of the tables this one must cover (its test asserts each is described). */
export const CODE_TABLES = {
  edge: EDGE_CODES,
  store: STORE_ERROR_CODES,
  notFound: NOT_FOUND_CODES,
  gone: GONE_CODES,
  failed: FAILED_CODES,
  pwid: RESOLUTION_ERROR_CODES,
  maptr: MAPTR_ERROR_CODES,
  core: CORE_ERROR_CODES,
  noid: NOID_ERROR_CODES,
} as const;

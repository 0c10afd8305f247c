/**
 * The regular expressions of the store, each anchored and free of nested quantifiers
 * (so none can backtrack); `grammar.test.ts` runs them against long runs of one character.
 */

/** An ERC/ANVL element name (ARK §7.1: a label before ":"), e.g. `who`, `about-what`, `h10`. */
export const ERC_ELEMENT_NAME = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}$/;

/** A NAAN: 5 or 9 digits (draft-09 §2.3), or betanumeric (modern), at most 16 characters. */
export const NAAN = /^[0-9bcdfghjkmnpqrstvwxz]{1,16}$/;

/** The prefix (shoulder) of a NOID template the store serves: a run of betanumerics, possibly empty. */
export const TEMPLATE_PREFIX = /^[0-9bcdfghjkmnpqrstvwxz]*$/;

/** A minter seed: a decimal integer of up to 18 digits, or a word of letters, digits, `-` and `_`. */
export const SEED = /^[A-Za-z0-9_-]{1,64}$/;

/** A PDI format (PDI grammar FORMAT = media-type-token): letters, digits, `-`, `+`, `_`, lower case. */
export const PDI_FORMAT = /^[a-z0-9][a-z0-9+_-]{0,63}$/;

/** A serial-number series: a PDI document series such as `ap.org.us` (letters, digits, `-`, `.`). */
export const SERIES = /^[A-Za-z0-9][A-Za-z0-9.-]{0,254}$/;

/** A calendar date `YYYY-MM-DD`. */
export const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** An ISO 8601 timestamp as `Date.prototype.toISOString` writes it (and shorter forms Date accepts). */
export const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2}))?$/;

/** A DATABASE_URL for PostgreSQL. */
export const POSTGRES_URL = /^postgres(ql)?:\/\//;

/** A PostgreSQL schema name we create and quote: lower case letters, digits and `_`. */
export const PG_SCHEMA = /^[a-z_][a-z0-9_]{0,62}$/;

/** A bearer token as `createToken` makes it: 32 random bytes in base64url without padding. */
export const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/** base64url without padding (opaque cursors). */
export const BASE64URL = /^[A-Za-z0-9_-]*$/;

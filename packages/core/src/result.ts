/**
 * Results: parsers never throw, they return one of these.
 * An error carries a stable `code` named after the spec rule that failed,
 * a human `message`, and the character `offset` where parsing failed (or null).
 */
export interface PidError<Code extends string = string> {
  /** A stable kebab-case code from the package's `codes.ts`; a literal union where the parser's type says so. */
  readonly code: Code;
  readonly message: string;
  readonly offset: number | null;
  /** The part of the identifier that failed, where the scheme names its parts (e.g. PWID's `archival-time`). */
  readonly part?: string;
}

export type Ok<T> = { readonly ok: true; readonly value: T };
export type Err<E = PidError> = { readonly ok: false; readonly error: E };
export type Result<T, E = PidError> = Ok<T> | Err<E>;

export function ok<T>(value: T): Ok<T> {
  return { ok: true, value };
}

/** A failed result. The code keeps its literal type, so a parser typed with its code union rejects unlisted codes. */
export function err<Code extends string>(
  code: Code,
  message: string,
  offset: number | null = null,
  part?: string,
): Err<PidError<Code>> {
  return { ok: false, error: part === undefined ? { code, message, offset } : { code, message, offset, part } };
}

/** Shift an error's offset, for a sub-parser that saw only a slice of the input. */
export function shiftError<E extends PidError>(e: Err<E>, by: number): Err<E> {
  const { error } = e;
  return error.offset === null ? e : { ok: false, error: { ...error, offset: error.offset + by } };
}

/** Thrown only by the outer layer (`unwrap`), never by a parser. */
export class PidgateError extends Error {
  readonly code: string;
  readonly offset: number | null;
  constructor(error: PidError) {
    super(error.message);
    this.name = 'PidgateError';
    this.code = error.code;
    this.offset = error.offset;
  }
}

export function unwrap<T>(result: Result<T, PidError>): T {
  if (result.ok) return result.value;
  throw new PidgateError(result.error);
}

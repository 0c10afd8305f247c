/**
 * The state of one parse, created for each call and never shared: the input, where the next
 * grammar step reads, what the last step found, and the normalized form built so far. Every step
 * of parse.ts and fragment.ts reads from `i` and leaves `i` after what it read (but dateField, which
 * takes its start and returns its end). Made by `newScan`
 * only, so that every step sees one object shape.
 */
export interface PdiScan {
  /** The text being parsed. */
  readonly input: string;
  /** Where the next step reads. */
  i: number;
  /** Whether the label `pdiLabel` last read was written in lowercase. */
  labelLower: boolean;
  /** The value of the date field `dateField` last read: capped at 1000, or -1 for "*". */
  field: number;
  /** Where the specifier of the resource identifier last read starts (after the day's "/"). */
  specifierStart: number;
  /**
   * What the scan saw in the resource identifier last read, for normalize.ts to skip the parts these
   * rule out: a capital letter in the document series, a %-escape in the unique id, a capital letter
   * in the format (its escapes' hex digits A-F included) or an escape there of a letter, digit or
   * hyphen. Facts about the text, not rules: the rules are in normalize.ts.
   */
  seriesCapital: boolean;
  uniqueIdEscape: boolean;
  formatCapitalOrPlainEscape: boolean;
  /** Whether the caller asked for the normalized form (normalize.ts builds it as the parts are read). */
  readonly normalizing: boolean;
  /** The normalized form so far: `out`, then the input from `from` on, as far as it is already normal. */
  out: string;
  from: number;
}

/**
 * A new scan of `input` from `i`. One object literal, every field set with a value of its final
 * type, so that all scans share one shape (a class with declared fields would first set each to
 * undefined, and lose the small-integer fields' representation).
 */
export function newScan(input: string, i: number, normalizing: boolean): PdiScan {
  return {
    input,
    i,
    labelLower: false,
    field: 0,
    specifierStart: 0,
    seriesCapital: false,
    uniqueIdEscape: false,
    formatCapitalOrPlainEscape: false,
    normalizing,
    out: '',
    from: 0,
  };
}

import type { NormalizeRecord } from '@pidgate/core';

/** Thousands separators. Made on first use: creating an Intl.NumberFormat costs ~10 ms at start-up. */
let numberFormat: Intl.NumberFormat | undefined;
function format(n: number): string {
  numberFormat ??= new Intl.NumberFormat('en');
  return numberFormat.format(n);
}

/** What a run amounts to, for the summary line under the progress bar. */
export class Tally {
  lines = 0;
  normalized = 0;
  readonly errors = new Map<string, number>();
  /** The distinct normalized forms, kept only when asked for (the summary is drawn). */
  private readonly distinct: Set<string> | null;

  constructor(countGroups: boolean) {
    this.distinct = countGroups ? new Set() : null;
  }

  /** Count one result: a normalize record, or any result with `ok` and an error `code`. */
  add(
    record: NormalizeRecord | { readonly ok: true } | { readonly ok: false; readonly error: { code: string } },
  ): void {
    this.lines++;
    if (record.ok) {
      this.normalized++;
      if ('normalized' in record) this.distinct?.add(record.normalized);
    } else this.errors.set(record.error.code, (this.errors.get(record.error.code) ?? 0) + 1);
  }

  /** Count a block of results counted elsewhere (a worker thread of `normalize --jobs`). */
  addCounts(counts: {
    readonly lines: number;
    readonly normalized: number;
    readonly errors: Readonly<Record<string, number>>;
    readonly forms: readonly string[] | null;
  }): void {
    this.lines += counts.lines;
    this.normalized += counts.normalized;
    for (const [code, n] of Object.entries(counts.errors)) this.errors.set(code, (this.errors.get(code) ?? 0) + n);
    if (this.distinct && counts.forms) for (const form of counts.forms) this.distinct.add(form);
  }

  /** `groups` overrides the count of distinct forms (the group command knows its classes). */
  summary(groups: number | null = this.distinct?.size ?? null): string {
    const failed = this.lines - this.normalized;
    const parts = [`${plural(this.lines, 'line')}`, `${format(this.normalized)} normalized`];
    if (groups !== null) parts.push(plural(groups, 'group'));
    let errors = plural(failed, 'error');
    if (failed > 0) {
      const codes = [...this.errors].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
      errors += ` (${codes.map(([code, n]) => `${code} ${format(n)}`).join(', ')})`;
    }
    parts.push(errors);
    return parts.join(', ');
  }
}

function plural(n: number, word: string): string {
  return `${format(n)} ${word}${n === 1 ? '' : 's'}`;
}

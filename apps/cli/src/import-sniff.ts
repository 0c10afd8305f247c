import { formatMismatch, type MigrationFormat } from '@pidgate/gateway';
import { UsageError } from './io.ts';
import { peek, type Source } from './lines.ts';

/**
 * Refuse, before anything is written, every source that does not start as the format it is read as
 * (`--from ezid|n2t|arklet`, else NDJSON): a gzip archive, JSON given as EZID's download, random bytes, a
 * text that is no ANVL. The message names each file and what it looks like. Only the first chunk of each
 * source is looked at, and it stays in the stream.
 */
export async function refuseMismatched(sources: readonly Source[], format: MigrationFormat | undefined): Promise<void> {
  const problems: string[] = [];
  for (const source of sources) {
    const why = formatMismatch(format ?? 'ndjson', await peek(source.stream));
    if (why) problems.push(`${source.name}: ${why}`);
  }
  if (problems.length > 0) {
    throw new UsageError(`nothing was imported: ${problems.join('; ')}`);
  }
}

import {
  type EquivalenceLevel,
  type LineItem,
  LineSplitter,
  MAX_INPUT_LENGTH,
  normalizeRecord,
  type Profile,
  type Registry,
} from '@pidgate/core';
import { urlOf } from '@pidgate/schemes';

/** Characters of an over-long line kept in its error record. */
const KEEP = 64;

/**
 * Normalize a text/plain body, one identifier per line, into NDJSON (one `normalizeRecord` per line, in
 * order, a trailing "\r" dropped, as `pidgate normalize` does). Pull-driven: a chunk is read only when
 * the client has taken the previous output, and a line longer than the input limit is not kept whole,
 * so memory stays flat whatever the body's size. `limit` > 0 ends the stream with an error record
 * once that many bytes have been read.
 */
export function normalizeStream(
  body: ReadableStream<Uint8Array> | null,
  registry: Registry,
  profile: Profile,
  limit: number,
  level: EquivalenceLevel = 'lexical',
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8');
  const reader = body?.getReader() ?? null;
  // The toolkit's splitter: CRLF or LF, a line longer than the input limit counted but not kept whole.
  const splitter = new LineSplitter({ maxLineLength: MAX_INPUT_LENGTH, keep: KEEP });
  let bytes = 0;
  let done = reader === null;

  const record = (item: LineItem): string =>
    typeof item === 'string'
      ? `${JSON.stringify(normalizeRecord(registry, item, profile, level, urlOf))}\n`
      : `${JSON.stringify({
          input: `${item.head}…`,
          ok: false,
          error: {
            code: 'input-too-long',
            message: `the line is longer than ${MAX_INPUT_LENGTH} characters`,
            offset: MAX_INPUT_LENGTH,
          },
        })}\n`;

  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (!done) {
        let chunk: Awaited<ReturnType<ReadableStreamDefaultReader<Uint8Array>['read']>>;
        try {
          chunk = await (reader as ReadableStreamDefaultReader<Uint8Array>).read();
        } catch {
          controller.error(new Error('the request body could not be read'));
          return;
        }
        if (chunk.done) {
          done = true;
          break;
        }
        bytes += chunk.value.byteLength;
        if (limit > 0 && bytes > limit) {
          done = true;
          await reader?.cancel().catch(() => undefined);
          const message = `the body is longer than ${limit} bytes; lines after the limit were not read`;
          controller.enqueue(
            encoder.encode(
              `${JSON.stringify({ input: '', ok: false, error: { code: 'body-too-large', message, offset: null } })}\n`,
            ),
          );
          controller.close();
          return;
        }
        const out = splitter
          .push(decoder.decode(chunk.value, { stream: true }))
          .map(record)
          .join('');
        if (out.length > 0) {
          controller.enqueue(encoder.encode(out));
          return;
        }
      }
      const last = [...splitter.push(decoder.decode()), ...splitter.end()].map(record).join('');
      if (last.length > 0) controller.enqueue(encoder.encode(last));
      controller.close();
    },
    async cancel() {
      await reader?.cancel().catch(() => undefined);
    },
  });
}

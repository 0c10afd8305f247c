import { MAX_INPUT_LENGTH, normalizeRecord, type Profile, type Registry } from '@pidgate/core';

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
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const decoder = new TextDecoder('utf-8');
  const reader = body?.getReader() ?? null;
  let rest = '';
  let overlong = false;
  let bytes = 0;
  let done = reader === null;

  const record = (line: string): string => {
    const text = line.endsWith('\r') ? line.slice(0, -1) : line;
    return `${JSON.stringify(normalizeRecord(registry, text, profile))}\n`;
  };
  const tooLong = (): string =>
    `${JSON.stringify({
      input: `${rest.slice(0, KEEP)}…`,
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
          rest += decoder.decode();
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
        const text = rest + decoder.decode(chunk.value, { stream: true });
        let out = '';
        let start = 0;
        for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', start)) {
          if (overlong) {
            rest = text.slice(start, Math.min(nl, start + KEEP));
            out += tooLong();
            overlong = false;
          } else out += record(text.slice(start, nl));
          start = nl + 1;
        }
        rest = text.slice(start);
        if (overlong || rest.length > MAX_INPUT_LENGTH + 1) {
          // Keep only the start of an over-long line; the rest is skipped up to its newline.
          overlong = true;
          rest = rest.slice(0, KEEP);
        }
        if (out.length > 0) {
          controller.enqueue(encoder.encode(out));
          return;
        }
      }
      if (overlong) controller.enqueue(encoder.encode(tooLong()));
      else if (rest.length > 0) controller.enqueue(encoder.encode(record(rest)));
      rest = '';
      controller.close();
    },
    async cancel() {
      await reader?.cancel().catch(() => undefined);
    },
  });
}

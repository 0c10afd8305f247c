// npm run bench -w pidgate — rows per second of `pidgate normalize` on plain lines, on CSV and on
// NDJSON, and of `pidgate group --format csv`, each over the same BENCH_ROWS identifiers (a mix of
// ARKs, URNs and malformed ones, with a title and a year beside each in the tables). The CLI runs in
// this process on a real file, writing to a sink; every case runs BENCH_ROUNDS times, the median is
// printed.
import { createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import type { Io } from '../src/io.ts';
import { main } from '../src/main.ts';

const ROWS = Number(process.env['BENCH_ROWS'] ?? 1_000_000);
const ROUNDS = Math.max(1, Number(process.env['BENCH_ROUNDS'] ?? 3));

function identifier(i: number): string {
  if (i % 50 === 49) return `not an id ${i}`;
  if (i % 3 === 0) return `ark:/12025/item${i % 100_000}`;
  if (i % 3 === 1) return `URN:EXAMPLE:a${i}%2c`;
  return `https://n2t.net/ark:/12025/b${i}`;
}

async function writeFile(path: string, line: (i: number) => string, header = ''): Promise<void> {
  const out = createWriteStream(path);
  let text = header;
  for (let i = 0; i < ROWS; i++) {
    text += line(i);
    if (text.length > 1 << 16) {
      if (!out.write(text)) await new Promise((r) => out.once('drain', r));
      text = '';
    }
  }
  out.end(text);
  await finished(out);
}

const sink = () =>
  new Writable({
    write(_chunk, _encoding, callback) {
      callback();
    },
  });

async function run(args: string[], cwd: string): Promise<number> {
  const io: Io = { stdin: new PassThrough(), stdout: sink(), stderr: sink(), env: {}, cwd };
  const started = performance.now();
  const code = await main(args, io);
  if (code !== 0) throw new Error(`pidgate ${args.join(' ')} exited ${code}`);
  return (performance.now() - started) / 1000;
}

const dir = mkdtempSync(join(tmpdir(), 'pidgate-bench-'));
try {
  await writeFile(join(dir, 'list.txt'), (i) => `${identifier(i)}\n`);
  await writeFile(
    join(dir, 'list.csv'),
    (i) => `"Title, ${i}",${identifier(i)},${2000 + (i % 25)}\n`,
    'title,id,year\n',
  );
  await writeFile(
    join(dir, 'list.tsv'),
    (i) => `Title ${i}\t${identifier(i)}\t${2000 + (i % 25)}\n`,
    'title\tid\tyear\n',
  );
  await writeFile(join(dir, 'list.ndjson'), (i) => `${JSON.stringify({ title: `Title ${i}`, id: identifier(i) })}\n`);
  const cases: [string, string[]][] = [
    ['normalize, plain lines', ['normalize', 'list.txt']],
    ['normalize --format csv', ['normalize', '--format', 'csv', '--column', 'id', 'list.csv']],
    ['normalize --format tsv', ['normalize', '--format', 'tsv', '--column', 'id', 'list.tsv']],
    ['normalize --format ndjson', ['normalize', '--format', 'ndjson', '--column', 'id', 'list.ndjson']],
    ['group --format csv', ['group', '--format', 'csv', '--column', 'id', 'list.csv']],
  ];
  console.log(
    `${ROWS.toLocaleString('en')} rows, median of ${ROUNDS} rounds; load average ${loadavg()[0]?.toFixed(2)}`,
  );
  for (const [name, args] of cases) {
    const times: number[] = [];
    for (let r = 0; r < ROUNDS; r++) times.push(await run(args, dir));
    const median = times.sort((a, b) => a - b)[Math.floor(times.length / 2)] as number;
    console.log(
      `${name.padEnd(28)} ${median.toFixed(2).padStart(6)} s  ${Math.round(ROWS / median)
        .toLocaleString('en')
        .padStart(9)} rows/s`,
    );
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// Test fixture: reserves mint indices in a loop and prints `first count` per reservation.
// Used by sqlite.test.ts to run several processes against one SQLite file at once.
import { openStore } from '../open.ts';

const store = await openStore({ dataDir: process.argv[2] });
const rounds = Number(process.argv[3]);
const lines: string[] = [];
for (let i = 0; i < rounds; i++) {
  const r = await store.reserveMint('ark:/99999/x6', (i % 3) + 1);
  if (!r.ok) throw new Error(r.error.message);
  lines.push(`${r.value.first} ${r.value.count}`);
}
process.stdout.write(`${lines.join('\n')}\n`);
await store.close();

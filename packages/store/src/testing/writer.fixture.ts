// Test fixture: writes bindings one by one and prints `ok N` after each acknowledged write,
// until it is killed. Used by sqlite.test.ts to check durability through kill -9.
import { openStore } from '../open.ts';

const store = await openStore({ dataDir: process.argv[2] });
for (let i = 1; ; i++) {
  const r = await store.putBinding(`ark:/99999/k${i}`, { target: `https://example.org/${i}` }, 'cli');
  if (!r.ok) throw new Error(r.error.message);
  process.stdout.write(`ok ${i}\n`);
}

// Child process of unique-keys.test.ts: prints the bytes of heap and array buffers still held, after a full collection, once
// `count` keys made one at a time went into UniqueKeys (`unique`) or into a Map of them (`map`).
import { UniqueKeys } from '../../../build-db/sources/unique-keys.js';

const [mode, n] = [process.argv[2], Number(process.argv[3])];
const gc = () => (globalThis as unknown as { Bun: { gc(force: boolean): void } }).Bun.gc(true);
const key = (i: number) => `ca-hoc/speech/${1994 + (i % 33)}-${i}`;
gc();
const used = () => {
  const m = process.memoryUsage();
  return m.heapUsed + m.arrayBuffers;
};
const before = used();
let held: unknown;
if (mode === 'map') {
  const seen = new Map<string, { file: string; line: number }>();
  for (let i = 0; i < n; i++) if (!seen.has(key(i))) seen.set(key(i), { file: 'speeches.jsonl', line: i + 1 });
  held = seen;
} else {
  const keys = new UniqueKeys(n);
  for (let i = 0; i < n; i++) keys.add(key(i));
  held = keys;
}
gc();
console.log(used() - before);
if (!held) process.exit(1);

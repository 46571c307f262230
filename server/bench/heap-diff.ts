// Compares two V8 heap snapshots (`.heapsnapshot`, e.g. from a soak run with SOAK_NODE_OPTIONS=
// "--heapsnapshot-signal=SIGUSR2 --diagnostic-dir=…" and `kill -USR2 <server pid>` twice): the live
// heap's total and what grew most, by object type and constructor. A snapshot holds only live
// objects (a full collection runs first), so growth here is retained memory, not garbage.
//   npx node server/bench/heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]
import fs from 'node:fs';

type Snapshot = {
  snapshot: { meta: { node_fields: string[]; node_types: [string[], ...unknown[]] } };
  nodes: number[];
  strings: string[];
};
type Totals = { count: number; bytes: number };

function summarize(file: string): { byKind: Map<string, Totals>; bytes: number } {
  const snap = JSON.parse(fs.readFileSync(file, 'utf8')) as Snapshot;
  const fields = snap.snapshot.meta.node_fields;
  const typeNames = snap.snapshot.meta.node_types[0];
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const byKind = new Map<string, Totals>();
  let bytes = 0;
  for (let i = 0; i < snap.nodes.length; i += fields.length) {
    const type = typeNames[snap.nodes[i + typeAt]];
    // Strings and code are named by their content: grouped, or every one would be its own kind.
    const name = /string/.test(type)
      ? '(strings)'
      : type === 'code'
        ? '(code)'
        : snap.strings[snap.nodes[i + nameAt]];
    const kind = `${type}: ${name.slice(0, 60)}`;
    const size = snap.nodes[i + sizeAt];
    const totals = byKind.get(kind) ?? { count: 0, bytes: 0 };
    totals.count++;
    totals.bytes += size;
    byKind.set(kind, totals);
    bytes += size;
  }
  return { byKind, bytes };
}

const [beforeFile, afterFile, rows = '25'] = process.argv.slice(2);
if (!beforeFile || !afterFile) {
  console.error('usage: heap-diff.ts before.heapsnapshot after.heapsnapshot [rows]');
  process.exit(1);
}
const before = summarize(beforeFile);
const after = summarize(afterFile);
const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
console.log(`live heap: ${mb(before.bytes)} MB → ${mb(after.bytes)} MB`);
const growth = [...after.byKind].map(([kind, now]) => {
  const then = before.byKind.get(kind) ?? { count: 0, bytes: 0 };
  return { kind, bytes: now.bytes - then.bytes, count: now.count - then.count, now };
});
growth.sort((a, b) => b.bytes - a.bytes);
for (const g of growth.slice(0, Number(rows))) {
  console.log(
    `${(g.bytes / 1e3).toFixed(0).padStart(8)} KB ${String(g.count).padStart(8)} objects  ${g.kind} (now ${g.now.count}, ${(g.now.bytes / 1e3).toFixed(0)} KB)`,
  );
}

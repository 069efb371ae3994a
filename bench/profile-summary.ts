import { readFileSync } from 'node:fs';

/** Self time by function in a .cpuprofile, top 25, with the share of all samples. */
type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number };
const profile = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as { nodes: Node[]; samples: number[] };
const hits = new Map<number, number>();
for (const id of profile.samples) hits.set(id, (hits.get(id) ?? 0) + 1);
const byFunction = new Map<string, number>();
for (const node of profile.nodes) {
  const { functionName, url, lineNumber } = node.callFrame;
  const where = url.replace(/^.*node_modules\//, '').replace(/^file:\/\/.*\/work\/main\//, '');
  const key = `${functionName || '(anonymous)'} ${where}:${lineNumber + 1}`;
  byFunction.set(key, (byFunction.get(key) ?? 0) + (hits.get(node.id) ?? 0));
}
const total = profile.samples.length;
for (const [key, n] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 25))) {
  console.log(`${((100 * n) / total).toFixed(1).padStart(5)} %  ${key}`);
}

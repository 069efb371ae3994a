import { availableParallelism } from 'node:os';
import { performance } from 'node:perf_hooks';
import { createHeadReader } from '../shared/audit/log.ts';
import { parsePublicKey } from '../shared/audit/signing.ts';
import { verifyWholeLog } from '../shared/audit/verify.ts';
import { openEventStore } from '../shared/eventstore/index.ts';
import { createLocalFileStorage } from '../shared/storage/file-storage.ts';
import type { VerifyReport } from './audit.ts';

/**
 * The verification half of the audit-log bench (bench/audit.ts), in a process of its own so its
 * peak resident size is the verification's alone: opens the store as the app does, makes a new
 * head reader over the published folder, and times `verifyWholeLog`. Prints one JSON line.
 * Heap used is sampled every 10 ms (a synchronous stretch can hide a short peak from the sampler;
 * the resident size is the kernel's exact peak).
 */
const url = process.env.BENCH_AUDIT_DATABASE_URL!;
const dir = process.env.BENCH_AUDIT_HEADS_DIR!;
const publicKey = parsePublicKey(process.env.BENCH_AUDIT_PUBLIC_KEY!);

let peakHeapUsed = 0;
const sample = () => {
  peakHeapUsed = Math.max(peakHeapUsed, process.memoryUsage().heapUsed);
};
const sampler = setInterval(sample, 10);
const open = { databaseUrl: url, postgres: { listen: false, poolSize: 2 } };
const store = await openEventStore(open);
try {
  const heads = createHeadReader(createLocalFileStorage(dir));
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const audit = await verifyWholeLog({ store, heads, publicKey, parallel: { threads: availableParallelism(), open } });
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  sample();
  clearInterval(sampler);
  const report: VerifyReport = {
    seconds,
    cpuSeconds: (cpu.user + cpu.system) / 1e6,
    ok: audit.ok,
    entriesChecked: audit.entriesChecked,
    headsChecked: audit.headsChecked,
    problem: audit.problem?.reason ?? null,
    // resourceUsage reports kilobytes.
    maxRssBytes: process.resourceUsage().maxRSS * 1024,
    peakHeapUsedBytes: peakHeapUsed,
  };
  console.log(JSON.stringify(report));
} finally {
  clearInterval(sampler);
  await store.close();
}

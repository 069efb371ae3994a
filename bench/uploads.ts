import { readFileSync } from 'node:fs';
import { EVIDENCE_LIMITS, MB } from '../shared/uploads/file-types.ts';
import { startApp, type E2EApp } from '../tests/support/start-app.ts';
import { MP4, paddedMp4 } from '../tests/support/uploads.ts';
import { retainedMemory } from './inspector.ts';
import type { Row } from './support.ts';

/** 8 parallel 45 MB evidence uploads; the server may grow by about 100 MB while they run. */
export const UPLOAD_TARGETS = { parallel: 8, fileBytes: 45 * MB, growthMb: 100 } as const;

/** Resident memory of a process in MB, from /proc (Linux). */
function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** Signs in as a demo account: the session cookie. */
async function signIn(app: E2EApp, email: string): Promise<string> {
  const response = await fetch(`${app.baseURL}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: app.demoPassword }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const sid = /sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!sid) throw new Error('no session cookie');
  return `sid=${sid}`;
}

/**
 * A dispute the demo customer opens on their job whose escrow holds the money (the kitchen repaint
 * waiting for approval, api/seed-money.ts): its id, which is the job's.
 */
async function openDispute(app: E2EApp, cookie: string): Promise<string> {
  const escrows = (await (await fetch(`${app.baseURL}/api/escrows`, { headers: { cookie } })).json()) as {
    escrows: { jobId: string; status: string }[];
  };
  const held = escrows.escrows.find((escrow) => escrow.status === 'completed' || escrow.status === 'funded');
  if (!held) throw new Error(`no escrow holding money for the demo customer: ${JSON.stringify(escrows)}`);
  const response = await fetch(`${app.baseURL}/api/disputes`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie },
    body: JSON.stringify({
      jobId: held.jobId,
      reason: 'poor-quality',
      description: 'The paint is streaked on two walls and the ceiling was not covered. Videos attached.',
    }),
  });
  if (response.status !== 201)
    throw new Error(`opening the dispute failed: ${response.status} ${await response.text()}`);
  return held.jobId;
}

async function uploadEvidence(app: E2EApp, cookie: string, disputeId: string, video: Blob): Promise<number> {
  const form = new FormData();
  form.append('file', video, 'walk-through.mp4');
  const response = await fetch(`${app.baseURL}/api/disputes/${disputeId}/evidence`, {
    method: 'POST',
    body: form,
    headers: { cookie },
  });
  await response.arrayBuffer();
  return response.status;
}

/**
 * Evidence uploads against `npm start` (its embedded PostgreSQL, the demo data, evidence on local
 * disk): the demo customer opens a dispute, sends one small video to warm up (module loading, the
 * first query plans), then 8 videos of 45 MB at once (a real MP4 grown by a `free` box, under the
 * 50 MB video limit, so each is parsed and stored whole). The server's resident size is sampled
 * every 50 ms from /proc; its growth is the peak during the uploads less the resident size just
 * before them, read right after a full collection through the inspector (as the sustained bench
 * reads retained memory). A server that read each file whole would grow by their size (360 MB).
 */
export async function benchUploads(): Promise<Row[]> {
  const { parallel, fileBytes } = UPLOAD_TARGETS;
  if (fileBytes > EVIDENCE_LIMITS.video) throw new Error('the bench file must be under the video limit');
  const app = await startApp({ inspect: true });
  try {
    if (!app.inspectorUrl) throw new Error(`the server opened no inspector:\n${app.output()}`);
    const cookie = await signIn(app, 'customer@demo.ca');
    const disputeId = await openDispute(app, cookie);
    const warmUp = await uploadEvidence(app, cookie, disputeId, new Blob([new Uint8Array(MP4)], { type: 'video/mp4' }));
    if (warmUp !== 201) throw new Error(`the warm-up upload answered ${warmUp}`);
    const video = new Blob([new Uint8Array(paddedMp4(fileBytes))], { type: 'video/mp4' });

    const before = await retainedMemory(app.inspectorUrl);
    const baseline = residentMb(app.pid)!;
    let peak = baseline;
    const sampler = setInterval(() => {
      peak = Math.max(peak, residentMb(app.pid) ?? 0);
    }, 50);
    const started = performance.now();
    const statuses = await Promise.all(
      Array.from({ length: parallel }, () => uploadEvidence(app, cookie, disputeId, video)),
    );
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, residentMb(app.pid) ?? 0);
    const after = await retainedMemory(app.inspectorUrl);

    const growth = peak - baseline;
    const stored = statuses.filter((status) => status === 201).length;
    const mbTotal = (parallel * fileBytes) / MB;
    return [
      {
        metric: `evidence uploads: ${parallel} × ${fileBytes / MB} MB videos at once against \`npm start\``,
        value: `${stored}/${parallel} stored (${statuses.join(', ')}) in ${seconds.toFixed(1)} s, ${(mbTotal / seconds).toFixed(0)} MB/s`,
        target: `all ${parallel} stored`,
        pass: stored === parallel,
      },
      {
        metric: 'server resident size (RSS) during those uploads: peak less the size before',
        value: `${baseline.toFixed(0)} → peak ${peak.toFixed(0)} MB: +${growth.toFixed(0)} MB`,
        target: `<= ${UPLOAD_TARGETS.growthMb} MB (the files are ${mbTotal.toFixed(0)} MB)`,
        pass: growth <= UPLOAD_TARGETS.growthMb,
      },
      {
        metric: 'server memory retained after a full collection, before → after the uploads',
        value: `${before.totalMb.toFixed(1)} → ${after.totalMb.toFixed(1)} MB`,
        target: '',
        pass: null,
      },
    ];
  } finally {
    await app.stop();
  }
}

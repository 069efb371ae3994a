import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { startApp } from '../tests/support/start-app.ts';
import { uniqueRegistration } from '../tests/support/http-client.ts';
import type { Row } from './support.ts';
import { FORUM_PAGE } from '../shared/domain/forum/categories.ts';
import { postsUrl } from '../site/islands/forum/data.ts';

export const SUSTAINED_TARGETS = { rate: 500, seconds: 60, memoryGrowth: 0.15 } as const;

function medianMb(samples: { mb: number }[]): number | null {
  if (samples.length === 0) return null;
  const sorted = samples.map((sample) => sample.mb).sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Resident memory of a process in MB, from /proc (Linux). */
function residentMb(pid: number): number | null {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/**
 * Sustained load against `npm start` (its own embedded PostgreSQL, the demo data): 500 requests/s
 * for 60 s over 20 connections, signed in as five customers, cycling through three reads (the
 * directory, the job board, the forum's first page) and one write (a forum post, answered after read-your-
 * writes). Every answer must be a 2xx; the server's resident memory is sampled every second and
 * may grow by at most 15 % from just after warm-up to the end, each end read as the median of
 * ten seconds of samples: the heap breathes (one 60-second run read +36 % from single samples,
 * a transient the 150-second run showed returning), and a leak moves the median as well.
 */
export async function benchSustained(options: { rate: number; seconds: number }): Promise<Row[]> {
  const app = await startApp();
  try {
    const cookies: string[] = [];
    // Five members (sign-up allows ten a minute from one address), shared by the 20 connections.
    for (let i = 0; i < 5; i++) {
      const response = await fetch(`${app.baseURL}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(uniqueRegistration({ role: 'customer' })),
      });
      if (response.status !== 201) throw new Error(`sign-up failed: ${response.status} ${await response.text()}`);
      const sid = /sid=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
      if (!sid) throw new Error('no session cookie');
      cookies.push(`sid=${sid}`);
    }
    const samples: { at: number; mb: number }[] = [];
    const started = Date.now();
    const sampler = setInterval(() => {
      const mb = residentMb(app.pid);
      if (mb !== null) samples.push({ at: (Date.now() - started) / 1000, mb });
    }, 1000);
    let nextClient = 0;
    let posts = 0;
    const result = await autocannon({
      url: app.baseURL,
      connections: 20,
      overallRate: options.rate,
      duration: options.seconds,
      requests: [
        { method: 'GET', path: '/api/contractors/browse?search=cleaning' },
        { method: 'GET', path: '/api/work-orders/browse?postalCode=M5V%202T6&radiusKm=50' },
        // What the forum dialog asks when it opens, and every 15 s while open.
        { method: 'GET', path: postsUrl({ category: 'all', sort: 'recent', search: '', limit: FORUM_PAGE.size }) },
        {
          method: 'POST',
          path: '/api/forum/posts',
          setupRequest: (request, context: { cookie?: string }) => {
            context.cookie ??= cookies[nextClient++ % cookies.length];
            posts += 1;
            return {
              ...request,
              headers: { 'content-type': 'application/json', cookie: context.cookie! },
              body: JSON.stringify({
                title: `Sustained load post ${posts}`,
                content: 'A post written by the sustained-load bench.',
                category: 'general',
              }),
            };
          },
        },
      ],
    });
    clearInterval(sampler);
    const warm = medianMb(samples.filter((sample) => sample.at >= 15 && sample.at < 25));
    const last = medianMb(samples.filter((sample) => sample.at >= options.seconds - 10));
    const growth = warm !== null && last !== null ? (last - warm) / warm : Number.NaN;
    // Whether it levels off: the resident size at each quarter of the run, and the growth over
    // the second half alone (a leak keeps its slope; a heap settling into its size does not).
    const at = (fraction: number) =>
      medianMb(samples.filter((sample) => Math.abs(sample.at - options.seconds * fraction) <= 5)) ?? last;
    const quarters = [0.25, 0.5, 0.75, 1].map((fraction) => at(fraction)?.toFixed(0)).join(' → ');
    const half = at(0.5);
    const secondHalf = half !== null && last !== null ? (last - half) / half : Number.NaN;
    const peak = samples.length ? Math.max(...samples.map((sample) => sample.mb)) : Number.NaN;
    const byStatus = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stat]) => `${stat.count} × ${code}`)
      .join(', ');
    const failures = result.non2xx + result.errors + result.timeouts;
    const achieved = result.requests.total / options.seconds;
    return [
      {
        metric: `sustained load, ${options.rate} req/s for ${options.seconds} s (3 reads : 1 write, 20 connections)`,
        value: `${Math.round(achieved)} req/s achieved, p99 ${result.latency.p99} ms (${byStatus}${failures ? `; ${result.errors} errors, ${result.timeouts} timeouts` : ''})`,
        target: `>= ${Math.round(options.rate * 0.98)} req/s, 0 errors`,
        pass: failures === 0 && achieved >= options.rate * 0.98,
      },
      {
        metric: 'server memory (RSS, medians of 10 s) from the 15th second to the end',
        value:
          warm !== null && last !== null
            ? `${warm.toFixed(0)} → ${last.toFixed(0)} MB (${(growth * 100).toFixed(1)} %)`
            : 'not sampled',
        target: `growth <= ${SUSTAINED_TARGETS.memoryGrowth * 100} %`,
        pass: Number.isFinite(growth) ? growth <= SUSTAINED_TARGETS.memoryGrowth : null,
      },
      {
        metric: 'server memory around each quarter of the run, over its second half, and its peak',
        value: `${quarters} MB (second half ${(secondHalf * 100).toFixed(1)} %; peak ${peak.toFixed(0)} MB)`,
        target: '',
        pass: null,
      },
    ];
  } finally {
    await app.stop();
  }
}

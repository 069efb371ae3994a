import autocannon from 'autocannon';
import { signUp } from '../tests/support/http-client.ts';
import { benchApp, type Row } from './support.ts';

/** The hardening issue's command line: 1,000 commands/s or more, p99 50 ms or less, with read-your-writes. */
export const COMMAND_TARGETS = { perSecond: 1000, p99Ms: 50 } as const;

/**
 * Command throughput over HTTP with read-your-writes, against the real app (API and projections in
 * one process, as `npm start` runs them): `connections` signed-in contractors, each on its own
 * connection, change their profile (`PATCH /api/contractor/profile`) as fast as answers come back.
 * Every command goes through the session lookup, the zod schema, the decider, an append and the
 * wait until the directory projection includes it; a 200 means the next read sees the change, a
 * 202 means the bounded wait ran out (counted, and a miss).
 */
export async function benchCommands(
  databaseUrl: string,
  options: { connections: number; seconds: number },
): Promise<Row[]> {
  const { app, runtime } = await benchApp(databaseUrl);
  try {
    await app.ready();
    const cookies: string[] = [];
    for (let i = 0; i < options.connections; i++) {
      // Sign-up, then the link from the confirmation e-mail, as a person does.
      const { browser } = await signUp(app, { role: 'contractor' });
      cookies.push(`sid=${browser.cookie('sid')!}`);
    }
    await runtime.runner!.idle(60_000);
    await app.listen({ host: '127.0.0.1', port: 0 });
    const address = app.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;

    let nextClient = 0;
    const result = await autocannon({
      url: `http://127.0.0.1:${port}`,
      connections: options.connections,
      duration: options.seconds,
      requests: [
        {
          method: 'PATCH',
          path: '/api/contractor/profile',
          setupRequest: (request, context: { cookie?: string; n?: number }) => {
            context.cookie ??= cookies[nextClient++ % cookies.length];
            // A new value each time, so every command appends an event (an unchanged profile would not).
            context.n = ((context.n ?? 0) + 1) % 100;
            return {
              ...request,
              headers: { 'content-type': 'application/json', cookie: context.cookie! },
              body: JSON.stringify({ yearsOfExperience: context.n }),
            };
          },
        },
      ],
    });
    const byStatus = Object.fromEntries(
      Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
    );
    const ok = byStatus['200'] ?? 0;
    const other = Object.entries(byStatus)
      .filter(([code]) => code !== '200')
      .map(([code, count]) => `${count} × ${code}`);
    const perSecond = ok / options.seconds;
    const label = `${options.connections} contractors, PATCH /api/contractor/profile`;
    return [
      {
        metric: `commands/s with read-your-writes (${label})`,
        value: `${Math.round(perSecond)}${other.length ? ` (+ ${other.join(', ')}${result.errors ? `, ${result.errors} errors` : ''})` : ''}`,
        target: `>= ${COMMAND_TARGETS.perSecond}, all 200`,
        pass: perSecond >= COMMAND_TARGETS.perSecond && other.length === 0 && result.errors === 0,
      },
      { metric: 'command latency p50', value: `${result.latency.p50} ms`, target: '', pass: null },
      {
        metric: 'command latency p99',
        value: `${result.latency.p99} ms`,
        target: `<= ${COMMAND_TARGETS.p99Ms} ms`,
        pass: result.latency.p99 <= COMMAND_TARGETS.p99Ms,
      },
    ];
  } finally {
    await app.close();
    await runtime.close();
  }
}

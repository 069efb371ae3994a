import { randomUUID } from 'node:crypto';
import { expect } from 'vitest';
import { contractsAndEscrowsJob } from '../../workflows/money-jobs.ts';
import type { TestApp } from './app.ts';
import { signUp } from './http-client.ts';
import { waitUntil } from './wait.ts';
import { paintingOrder } from './work-order-body.ts';

/**
 * A job from posting to a funded escrow, through the API as the two parties do it: the money,
 * dispute and audit suites all start from here.
 */
export const DAY = 86_400_000;
export const SUCCESS_CARD = '4242 4242 4242 4242';
export const idempotencyKey = () => ({ 'idempotency-key': randomUUID() });
export const card = (number: string) => ({
  card: { number, expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' },
});

export type Person = Awaited<ReturnType<typeof signUp>>;

export { paintingOrder } from './work-order-body.ts';

export function moneyFlow(app: () => TestApp) {
  const jobContext = (now = new Date()) => ({
    sql: app().runtime.sql,
    store: app().runtime.store,
    gateway: app().runtime.gateway,
    now,
  });

  /**
   * Lets the projections catch up and runs the money process (the runtime's timer may too), until
   * `ready` holds: runner.idle() only sees what the $all reader sees, and another database's open
   * transaction can hold that back for a moment.
   */
  async function settle(ready: () => Promise<boolean> = async () => true, now = new Date()) {
    await waitUntil(
      async () => {
        await app().runtime.runner!.idle();
        await contractsAndEscrowsJob.run(jobContext(now));
        await app().runtime.runner!.idle();
        return ready();
      },
      { message: 'the money process did not catch up' },
    );
  }

  const rowIn = (table: 'rm_contracts' | 'rm_escrows', jobId: string) => async () =>
    (await app().runtime.sql`select 1 from ${app().runtime.sql(table)} where job_id = ${jobId}`).length > 0;

  /** A customer's job awarded to a contractor at $1,000 in Toronto (HST 13 %). */
  async function awardedJob(priceCents = 100_000) {
    const customer = await signUp(app().app, { role: 'customer' });
    const contractor = await signUp(app().app, { role: 'contractor' });
    const posted = await customer.browser.post(
      '/api/work-orders',
      paintingOrder({ budgetMinCents: Math.min(priceCents, 80_000), budgetMaxCents: Math.max(priceCents, 120_000) }),
    );
    expect(posted.statusCode, posted.body).toBe(201);
    const orderId = posted.json().workOrder.id as string;
    const proposed = await contractor.browser.post(`/api/work-orders/${orderId}/proposals`, {
      priceCents,
      durationHours: 16,
      earliestStart: new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10),
      message: 'Two painters, two days, clean finish guaranteed.',
    });
    expect(proposed.statusCode, proposed.body).toBe(201);
    const accepted = await customer.browser.post(
      `/api/work-orders/${orderId}/proposals/${proposed.json().proposal.id}/accept`,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    await settle(rowIn('rm_contracts', orderId));
    return { customer, contractor, jobId: orderId };
  }

  async function sign(person: Person, jobId: string, overrides: Record<string, unknown> = {}) {
    const response = await person.browser.get(`/api/contracts/${jobId}`);
    expect(response.statusCode, response.body).toBe(200);
    const contract = response.json() as { version: number; rendered: { textHash: string } };
    return person.browser.post(
      `/api/contracts/${jobId}/sign`,
      {
        version: contract.version,
        textHash: contract.rendered.textHash,
        typedName: person.user.name,
        consent: true,
        ...overrides,
      },
      { 'user-agent': 'Mozilla/5.0 (test)' },
    );
  }

  /** Awarded, signed by both, escrow created and funded with the success card. */
  async function fundedJob(priceCents = 100_000) {
    const job = await awardedJob(priceCents);
    expect((await sign(job.customer, job.jobId)).statusCode).toBe(200);
    expect((await sign(job.contractor, job.jobId)).statusCode).toBe(200);
    await settle(rowIn('rm_escrows', job.jobId));
    const funded = await job.customer.browser.post(
      `/api/escrows/${job.jobId}/fund`,
      card(SUCCESS_CARD),
      idempotencyKey(),
    );
    expect(funded.statusCode, funded.body).toBe(200);
    return job;
  }

  return { jobContext, settle, rowIn, awardedJob, sign, fundedJob };
}

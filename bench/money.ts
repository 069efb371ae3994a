import { randomUUID } from 'node:crypto';
import { createRuntime } from '../runtime/runtime.ts';
import { settleEndedJob } from '../workflows/job-money.ts';
import { payoutsJob } from '../workflows/money-jobs.ts';
import { loadConfig } from '../shared/config.ts';
import { contractDecider, type ContractState } from '../shared/domain/contracts/decider.ts';
import { contractStreamId, type ContractTerms } from '../shared/domain/contracts/events.ts';
import { handleCommand, type CommandContext } from '../shared/domain/decider.ts';
import { escrowDecider, type EscrowCommand } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId } from '../shared/domain/escrow/events.ts';
import { provinceCodes } from '../shared/geo/provinces.ts';
import { percentile, type Row } from './support.ts';

/** The money path's command latency target (the command-throughput line of issue 11 asks p99 ≤ 50 ms). */
export const MONEY_TARGETS = { commandP99Ms: 50 } as const;

/**
 * Contracts and escrow at the command layer, on the real event store with the hash chain: `jobs`
 * jobs, each generated, signed by both (rendering and hashing the bilingual text each time),
 * escrowed, funded, completed and approved, `concurrency` jobs at a time; then the payouts job
 * sends every payout. Reports p50/p99 per step and the lifecycle throughput.
 */
export async function benchMoney(databaseUrl: string, options: { jobs: number; concurrency: number }): Promise<Row[]> {
  const env = { NODE_ENV: 'test', DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent', SEED_DEMO_DATA: 'false' };
  const runtime = await createRuntime(loadConfig({ ...env, RUN_PROJECTIONS: 'false' }));
  const { store } = runtime;
  const timings = new Map<string, number[]>();
  const timed = async <T>(step: string, run: () => Promise<T>): Promise<T> => {
    const started = performance.now();
    const result = await run();
    const list = timings.get(step) ?? [];
    list.push(performance.now() - started);
    timings.set(step, list);
    return result;
  };
  const context = (actorId: string | null, now: Date): CommandContext => ({
    actorId,
    correlationId: randomUUID(),
    now,
  });

  async function lifecycle(index: number) {
    const jobId = randomUUID();
    const customer = randomUUID();
    const contractor = randomUUID();
    const province = provinceCodes[Math.abs(index) % provinceCodes.length]!;
    const amountCents = 5_000 + ((Math.abs(index) * 7_919) % 900_000);
    const now = new Date();
    const terms: ContractTerms = {
      jobId,
      jobKind: 'work-order',
      title: `Benchmark job ${index}`,
      scope: 'Walls and ceiling of a kitchen, two coats, furniture moved and covered.',
      priceCents: amountCents,
      schedule: null,
      customer: { userId: customer, province },
      contractor: { userId: contractor, province },
      governingProvince: province,
    };
    const generated = await timed('contract: generate', () =>
      handleCommand(
        store,
        contractStreamId(jobId),
        contractDecider,
        { type: 'GenerateContract', terms, now },
        context(null, now),
      ),
    );
    const state = generated.newState as Extract<ContractState, { version: number }>;
    for (const [userId, name] of [
      [customer, 'Bench Customer'],
      [contractor, 'Bench Contractor'],
    ] as const) {
      await timed('contract: sign', () =>
        handleCommand(
          store,
          contractStreamId(jobId),
          contractDecider,
          {
            type: 'SignContract',
            actorId: userId,
            version: 1,
            textHash: state.textHash,
            typedName: name,
            accountName: name,
            consent: true,
            // The store's cost only: the bench writes no legal copy (the route's extra insert).
            legalCopyId: randomUUID(),
            now,
          },
          context(userId, now),
        ),
      );
    }
    const escrow = (step: string, command: EscrowCommand, actorId: string | null) =>
      timed(step, () =>
        handleCommand(store, escrowStreamId(jobId), escrowDecider, command, context(actorId, command.now)),
      );
    await escrow(
      'escrow: create',
      {
        type: 'CreateEscrow',
        jobId,
        contractVersion: 1,
        customerId: customer,
        contractorId: contractor,
        amountCents,
        contractorProvince: province,
        startsAt: null,
        now,
      },
      null,
    );
    await escrow(
      'escrow: fund',
      {
        type: 'RecordFunding',
        actorId: customer,
        amountCents,
        paymentId: `ch_${index}`,
        cardBrand: 'visa',
        cardLast4: '4242',
        now,
      },
      customer,
    );
    if (index % 4 === 3) {
      // Every fourth job is cancelled once paid: the money is settled in the cancelling request,
      // under the job's lock (contract read, escrow refunded), as the cancel routes do.
      await timed('job: cancel, refund in the request', () =>
        runtime.locks.job(jobId, () =>
          settleEndedJob(store, { jobId, cancelledBy: 'customer', lateFeeCents: 0 }, context(customer, now)),
        ),
      );
      return;
    }
    await escrow('escrow: complete', { type: 'MarkWorkComplete', actorId: contractor, note: null, now }, contractor);
    await escrow('escrow: approve (release)', { type: 'ApproveWork', actorId: customer, now }, customer);
  }

  try {
    // Warm up first (module loading, the first luxon zones, JIT): the figures are steady state.
    for (let i = 0; i < options.concurrency * 2; i++) await lifecycle(-1 - i);
    timings.clear();
    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: options.concurrency }, async () => {
        while (next < options.jobs) await lifecycle(next++);
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rows: Row[] = [];
    for (const [step, list] of timings) {
      const sorted = [...list].sort((a, b) => a - b);
      const p99 = percentile(sorted, 99);
      rows.push({
        metric: `money ${step} p50 / p99`,
        value: `${percentile(sorted, 50).toFixed(1)} / ${p99.toFixed(1)} ms`,
        target: `p99 ≤ ${MONEY_TARGETS.commandP99Ms} ms`,
        pass: p99 <= MONEY_TARGETS.commandP99Ms,
      });
    }
    rows.push({
      metric: `money lifecycles (7 commands each, one in four cancelled once paid; ${options.concurrency} at a time)`,
      value: `${(options.jobs / seconds).toFixed(0)} jobs/s`,
      target: 'info',
      pass: null,
    });
    // The payouts outbox needs its read model: project, then send everything due.
    await runtime.close();
    const withProjections = await createRuntime(loadConfig({ ...env, RUN_PROJECTIONS: 'true' }));
    try {
      await withProjections.runner!.idle(300_000);
      const sendStarted = performance.now();
      const sent = await payoutsJob.run({
        sql: withProjections.sql,
        store: withProjections.store,
        gateway: withProjections.gateway,
        now: new Date(Date.now() + 10 * 86_400_000),
      });
      const sendSeconds = (performance.now() - sendStarted) / 1000;
      rows.push({
        metric: 'payouts sent (gateway call + PayoutSent, once each)',
        value: `${(sent / sendSeconds).toFixed(0)} payouts/s (${sent} in one tick)`,
        target: 'info',
        pass: null,
      });
    } finally {
      await withProjections.close();
    }
    return rows;
  } finally {
    await runtime.close().catch(() => {});
  }
}

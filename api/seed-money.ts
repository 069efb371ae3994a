import { randomUUID } from 'node:crypto';
import { termsFor } from '../workflows/money-jobs.ts';
import { contractDecider, type ContractCommand, type ContractState } from '../shared/domain/contracts/decider.ts';
import { contractStreamId } from '../shared/domain/contracts/events.ts';
import { handleCommand, type CommandContext } from '../shared/domain/decider.ts';
import { escrowDecider, type EscrowCommand } from '../shared/domain/escrow/decider.ts';
import { escrowStreamId } from '../shared/domain/escrow/events.ts';
import { disputeDecider } from '../shared/domain/disputes/decider.ts';
import { disputeStreamId } from '../shared/domain/disputes/events.ts';
import { workOrderDecider } from '../shared/domain/work/decider.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import type { Sql } from '../shared/db/postgres.ts';
import type { EventStore } from '../shared/eventstore/types.ts';
import { appendBesideTheLog } from '../shared/personal-data/beside-the-log.ts';
import { confirmLegalCopy, deleteLegalCopy, insertSignatureCopy } from '../shared/personal-data/legal-copies.ts';
import { savePostalCode } from '../shared/personal-data/postal-codes.ts';
import { lookupPostalCode } from '../shared/geo/index.ts';
import type { ProvinceCode } from '../shared/geo/provinces.ts';
import { createSandboxGateway, SANDBOX_CARDS } from '../shared/payments/gateway.ts';

/**
 * The money chapter of the demo data: jobs whose contracts and escrows stand at each step, through
 * the same deciders the API runs, so a demo customer has something to sign, to pay and to approve,
 * and a demo contractor has earnings and a payout. The payout itself is sent by the payouts job
 * after start, like any other. Like the API, it puts no name in an event: the parties are ids, and
 * each signature's typed name goes to its legal copy in the personal-data store.
 */
type Person = { email: string; name: string };
type Stage = 'awaiting-customer-signature' | 'awaiting-funding' | 'awaiting-approval' | 'released' | 'disputed';

type Story = {
  customer: Person;
  contractor: Person & { province: ProvinceCode };
  title: string;
  description: string;
  category: string;
  service: string;
  postalCode: string;
  priceDollars: number;
  stage: Stage;
  /** When the job was awarded, in days before today. */
  awardedDaysAgo: number;
};

const chloe: Person = { email: 'customer@demo.ca', name: 'Chloé Tremblay' };
const liam: Person = { email: 'customer2@demo.ca', name: 'Liam Chen' };
const handyman = { email: 'contractor@demo.ca', name: 'Marc Gagnon Renovations', province: 'QC' as const };

const DAY = 86_400_000;

export async function seedMoney(
  store: EventStore,
  sql: Sql,
  ids: ReadonlyMap<string, string>,
  names: ReadonlyMap<string, string>,
  today = new Date(),
): Promise<void> {
  const contractorName = names.get(handyman.email) ?? handyman.name;
  const named = (person: Person): Person => ({ ...person, name: names.get(person.email) ?? person.name });
  const stories: Story[] = [
    {
      customer: named(chloe),
      contractor: { ...handyman, name: contractorName },
      title: 'Repaint the kitchen',
      description: 'Walls and ceiling of a 12 m² kitchen, two coats, furniture moved and covered.',
      category: 'painting',
      service: 'painting',
      postalCode: 'H2T 1S6',
      priceDollars: 850,
      stage: 'awaiting-approval',
      awardedDaysAgo: 20,
    },
    {
      customer: named(chloe),
      contractor: { ...handyman, name: contractorName },
      title: 'Fix a leaking bathroom faucet',
      description: 'The cold-water tap drips constantly; replace the cartridge or the faucet.',
      category: 'repairs',
      service: 'home-repair',
      postalCode: 'H2T 1S6',
      priceDollars: 150,
      stage: 'awaiting-funding',
      awardedDaysAgo: 4,
    },
    {
      customer: named(chloe),
      contractor: { ...handyman, name: contractorName },
      title: 'Patch drywall in the hallway',
      description: 'Three fist-sized holes and a long scrape to patch, sand and paint to match.',
      category: 'painting',
      service: 'drywall',
      postalCode: 'H2T 1S6',
      priceDollars: 320,
      stage: 'awaiting-customer-signature',
      awardedDaysAgo: 2,
    },
    {
      customer: named(liam),
      contractor: { ...handyman, name: contractorName },
      title: 'Install floating shelves',
      description: 'Four oak shelves on a brick wall in the living room, hardware supplied.',
      category: 'repairs',
      service: 'handyman-services',
      postalCode: 'H3B 1A7',
      priceDollars: 480,
      stage: 'released',
      awardedDaysAgo: 30,
    },
    {
      customer: named(liam),
      contractor: { ...handyman, name: contractorName },
      title: 'Regrout the shower',
      description: 'Remove the old grout of a tiled shower (about 6 m²), regrout and seal.',
      category: 'repairs',
      service: 'home-repair',
      postalCode: 'H3B 1A7',
      priceDollars: 640,
      stage: 'disputed',
      awardedDaysAgo: 12,
    },
  ];
  const gateway = createSandboxGateway();

  for (const story of stories) {
    const customerId = ids.get(story.customer.email);
    const contractorId = ids.get(story.contractor.email);
    if (!customerId || !contractorId) continue;
    const jobId = randomUUID();
    const place = lookupPostalCode(story.postalCode)!;
    let at = new Date(today.getTime() - story.awardedDaysAgo * DAY - 6 * 3_600_000);
    const step = (hours: number) => {
      at = new Date(at.getTime() + hours * 3_600_000);
      return at;
    };
    const context = (actorId: string | null, now: Date): CommandContext => ({
      actorId,
      correlationId: randomUUID(),
      now,
    });

    await handleCommand(
      store,
      workOrderStreamId(jobId),
      workOrderDecider,
      {
        type: 'PostWorkOrder',
        workOrderId: jobId,
        customerId,
        mode: 'direct',
        directContractorId: contractorId,
        details: {
          title: story.title,
          description: story.description,
          category: story.category,
          service: story.service,
          location: {
            fsa: place.fsa!,
            city: place.city,
            province: place.province,
            lat: place.lat,
            lng: place.lng,
          },
          remote: false,
          budgetMinCents: story.priceDollars * 100,
          budgetMaxCents: story.priceDollars * 100,
          preferredDates: [],
          photos: [],
        },
        now: at,
      },
      context(customerId, at),
    );
    await savePostalCode(sql, { subjectId: jobId, accountId: customerId, postalCode: place.postalCode });
    await handleCommand(
      store,
      workOrderStreamId(jobId),
      workOrderDecider,
      { type: 'AcceptDirectRequest', workOrderId: jobId, actorId: contractorId, now: step(3) },
      context(contractorId, at),
    );

    const contract = (command: ContractCommand, actorId: string | null) =>
      handleCommand(store, contractStreamId(jobId), contractDecider, command, context(actorId, command.now));
    const generated = await contract(
      {
        type: 'GenerateContract',
        terms: termsFor({
          jobId,
          jobKind: 'work-order',
          customerId,
          contractorId,
          title: story.title,
          scope: story.description,
          priceCents: story.priceDollars * 100,
          startsAt: null,
          endsAt: null,
          timeZone: null,
          workProvince: place.province,
          contractorProvince: story.contractor.province,
        }),
        now: step(0.01),
      },
      null,
    );
    const state = generated.newState as Extract<ContractState, { version: number }>;
    const sign = async (userId: string, name: string, now: Date) => {
      const legalCopyId = randomUUID();
      await appendBesideTheLog(
        { confirm: () => confirmLegalCopy(sql, legalCopyId), remove: () => deleteLegalCopy(sql, legalCopyId) },
        async (keep) => {
          await keep(() =>
            insertSignatureCopy(sql, {
              copyId: legalCopyId,
              jobId,
              version: state.version,
              role: userId === customerId ? 'customer' : 'contractor',
              accountId: userId,
              templateVersion: state.templateVersion,
              textHash: state.textHash,
              nameAtSigning: name,
              typedName: name,
              userAgent: 'Mozilla/5.0 (demo data)',
              signedAt: now,
            }),
          );
          return contract(
            {
              type: 'SignContract',
              actorId: userId,
              version: state.version,
              textHash: state.textHash,
              typedName: name,
              accountName: name,
              consent: true,
              legalCopyId,
              now,
            },
            userId,
          );
        },
      );
    };
    await sign(contractorId, story.contractor.name, step(2));
    if (story.stage === 'awaiting-customer-signature') continue;
    await sign(customerId, story.customer.name, step(5));

    const escrow = (command: EscrowCommand, actorId: string | null) =>
      handleCommand(store, escrowStreamId(jobId), escrowDecider, command, context(actorId, command.now));
    const amountCents = story.priceDollars * 100;
    await escrow(
      {
        type: 'CreateEscrow',
        jobId,
        contractVersion: state.version,
        customerId,
        contractorId,
        amountCents,
        contractorProvince: story.contractor.province,
        startsAt: null,
        now: step(0.01),
      },
      null,
    );
    if (story.stage === 'awaiting-funding') continue;

    const charge = await gateway.charge({
      amountCents,
      card: { number: SANDBOX_CARDS.success, expMonth: 12, expYear: today.getUTCFullYear() + 3, cvc: '123' },
      idempotencyKey: `demo-seed:${jobId}`,
      description: `Escrow for job ${jobId}`,
    });
    if (!charge.ok) throw new Error('the sandbox refused the demo card');
    await escrow(
      {
        type: 'RecordFunding',
        actorId: customerId,
        amountCents,
        paymentId: charge.paymentId,
        cardBrand: charge.brand,
        cardLast4: charge.last4,
        now: step(1),
      },
      customerId,
    );
    // The work is done a couple of days before today, or long ago for the released job.
    const completedAt = new Date(today.getTime() - (story.stage === 'released' ? 20 : 2) * DAY);
    await escrow(
      { type: 'MarkWorkComplete', actorId: contractorId, note: 'All done, site cleaned up.', now: completedAt },
      contractorId,
    );
    if (story.stage === 'released') {
      await escrow(
        { type: 'ApproveWork', actorId: customerId, now: new Date(completedAt.getTime() + DAY) },
        customerId,
      );
    }
    if (story.stage === 'disputed') await seedDispute(store, { jobId, customerId, contractorId, amountCents }, today);
  }
}

/**
 * A dispute the customer opened the day after completion, answered by the contractor: the
 * analysis worker picks it up after start, and it waits in the arbitration dashboard.
 */
async function seedDispute(
  store: EventStore,
  job: { jobId: string; customerId: string; contractorId: string; amountCents: number },
  today: Date,
) {
  const openedAt = new Date(today.getTime() - DAY);
  const context = (actorId: string, now: Date): CommandContext => ({ actorId, correlationId: randomUUID(), now });
  await handleCommand(
    store,
    disputeStreamId(job.jobId),
    disputeDecider,
    {
      type: 'OpenDispute',
      jobId: job.jobId,
      actorId: job.customerId,
      escrow: {
        customerId: job.customerId,
        contractorId: job.contractorId,
        amountCents: job.amountCents,
        contractorProvince: handyman.province,
        status: 'completed',
      },
      reason: 'poor-quality',
      description:
        'The new grout is already cracking along the shower tray after one week, and water gets behind two tiles. The sealant was not applied in the corners.',
      now: openedAt,
    },
    context(job.customerId, openedAt),
  );
  await handleCommand(
    store,
    escrowStreamId(job.jobId),
    escrowDecider,
    { type: 'FreezeEscrow', disputeId: job.jobId, actorId: job.customerId, now: openedAt },
    context(job.customerId, openedAt),
  );
  const answeredAt = new Date(today.getTime() - 12 * 3_600_000);
  await handleCommand(
    store,
    disputeStreamId(job.jobId),
    disputeDecider,
    {
      type: 'AnswerDispute',
      actorId: job.contractorId,
      statement:
        'The grout needs 72 hours to cure and the shower was used the same evening. I offered to come back and reseal the corners at no charge.',
      now: answeredAt,
    },
    context(job.contractorId, answeredAt),
  );
}

import { contractorDecider, offeringDecider } from '../shared/domain/catalogue/decider.ts';
import type { Role } from '../shared/domain/accounts/events.ts';
import { contractorStreamId, offeringStreamId } from '../shared/domain/catalogue/streams.ts';
import { handleCommand, type CommandContext } from '../shared/domain/decider.ts';
import { comparePositions, WrongExpectedVersionError, type EventStore } from '../shared/eventstore/types.ts';
import { accountStreamId } from '../shared/domain/accounts/streams.ts';
import { DEMO_ACCOUNTS_STREAM } from '../shared/domain/demo/streams.ts';
import { randomUUID } from 'node:crypto';
import { registerAccount, type AccountsDeps } from './modules/accounts/service.ts';
import { recordDemoAccount } from './modules/accounts/demo-accounts.ts';
import { personalDataByEmail } from './modules/accounts/personal-data.ts';
import { marketplaceContractors, marketplaceCustomers, seedMarketplace } from './seed-marketplace.ts';
import { seedMoney } from './seed-money.ts';
import { seedCommunity } from './seed-community.ts';
import type { ServiceSlug } from '../shared/domain/catalogue/categories.ts';

export const DEMO_PASSWORD = 'demo-pass-2024';
const SEED_STREAM = 'system-demo-seed';
const MARKETPLACE_SEED_STREAM = 'system-demo-seed-marketplace';
const MONEY_SEED_STREAM = 'system-demo-seed-money';
const COMMUNITY_SEED_STREAM = 'system-demo-seed-community';

export type DemoAccount = { email: string; role: Role; name: string };

type DemoContractor = DemoAccount & {
  location: string;
  remote: boolean;
  years: number;
  statement: string;
  offering: {
    title: string;
    description: string;
    service?: ServiceSlug;
    pricingModel: 'hourly' | 'fixed';
    price: number;
  };
};

const customers: DemoAccount[] = [
  { email: 'customer@demo.ca', role: 'customer', name: 'Chloé Tremblay' },
  { email: 'customer2@demo.ca', role: 'customer', name: 'Liam Chen' },
  { email: 'customer3@demo.ca', role: 'customer', name: 'Aisha Patel' },
];

const admin: DemoAccount = { email: 'admin@demo.ca', role: 'admin', name: 'Platform Admin' };

const contractors: DemoContractor[] = [
  {
    email: 'contractor@demo.ca',
    role: 'contractor',
    name: 'Marc Gagnon Renovations',
    location: 'Montréal, QC',
    remote: false,
    years: 14,
    statement: 'Careful, tidy renovation work with a written quote before every job.',
    offering: {
      title: 'Handyman Services',
      description: 'Repairs, mounting, drywall patching and small renovations around the home.',
      pricingModel: 'hourly',
      price: 65,
    },
  },
  {
    email: 'sparkle@demo.ca',
    role: 'contractor',
    name: 'Sparkle Home Cleaning',
    location: 'Toronto, ON',
    remote: false,
    years: 6,
    statement: 'Eco-friendly products and a checklist for every room.',
    offering: {
      title: 'House Cleaning',
      description: 'Deep cleaning of kitchens, bathrooms and living areas, supplies included.',
      pricingModel: 'hourly',
      price: 45,
    },
  },
  {
    email: 'greenthumb@demo.ca',
    role: 'contractor',
    name: 'Green Thumb Yard Care',
    location: 'Vancouver, BC',
    remote: false,
    years: 9,
    statement: 'Seasonal yard care that keeps your garden healthy all year.',
    offering: {
      title: 'Yard Work',
      description: 'Mowing, pruning, leaf clean-up and garden bed maintenance for homes.',
      pricingModel: 'hourly',
      price: 50,
    },
  },
  {
    email: 'prairiemovers@demo.ca',
    role: 'contractor',
    name: 'Prairie Movers',
    location: 'Calgary, AB',
    remote: false,
    years: 11,
    statement: 'Two-person crews, blankets and dollies, no hidden fees.',
    offering: {
      title: 'Moving Help',
      description: 'Loading, unloading and moving furniture within the city, crew of two.',
      pricingModel: 'hourly',
      price: 90,
    },
  },
  {
    email: 'pawsome@demo.ca',
    role: 'contractor',
    name: 'Pawsome Pet Care',
    location: 'Ottawa, ON',
    remote: false,
    years: 4,
    statement: 'Insured pet sitting and walks with photo updates.',
    offering: {
      title: 'Dog Walking',
      description: 'Thirty-minute neighbourhood walks with fresh water and a photo update.',
      pricingModel: 'fixed',
      price: 25,
    },
  },
  {
    email: 'harbourpaint@demo.ca',
    role: 'contractor',
    name: 'Harbour Painting Co.',
    location: 'Halifax, NS',
    remote: false,
    years: 17,
    statement: 'Interior and exterior painting with premium low-VOC paints.',
    offering: {
      title: 'Painting',
      description: 'Interior room painting including prep, two coats and clean-up afterwards.',
      pricingModel: 'fixed',
      price: 450,
    },
  },
  {
    email: 'assemblypro@demo.ca',
    role: 'contractor',
    name: 'Assembly Pro',
    location: 'Winnipeg, MB',
    remote: true,
    years: 5,
    statement: 'Flat-pack furniture assembled right, plus video help for DIYers.',
    offering: {
      title: 'Furniture Assembly',
      description: 'Assembly of beds, desks, shelving and wardrobes from any retailer.',
      pricingModel: 'hourly',
      price: 55,
    },
  },
  {
    email: 'vitres@demo.ca',
    role: 'contractor',
    name: 'Vitres Claires Québec',
    location: 'Québec, QC',
    remote: false,
    years: 8,
    statement: 'Streak-free windows, inside and out, for homes and storefronts.',
    offering: {
      title: 'Window Cleaning',
      description: 'Interior and exterior window washing, screens and tracks included.',
      pricingModel: 'fixed',
      price: 180,
    },
  },
];

/** The accounts of the seed's first chapter, and of the marketplace chapter. */
const accountsChapterAccounts: DemoAccount[] = [admin, ...customers, ...contractors];
const marketplaceChapterAccounts: DemoAccount[] = [
  ...marketplaceCustomers.map((c) => ({ ...c, role: 'customer' as const })),
  ...marketplaceContractors.map((c) => ({ email: c.email, name: c.name, role: 'contractor' as const })),
];

export const demoAccounts: DemoAccount[] = [...accountsChapterAccounts, ...marketplaceChapterAccounts];

const dateOfBirth = '1988-06-15';
const context = (): CommandContext => ({ actorId: null, correlationId: randomUUID(), now: new Date() });

/** Registers a demo account and records that the seed made it (demo mode may switch into it). */
async function registerDemoAccount(deps: AccountsDeps, account: DemoAccount): Promise<string> {
  const { accountId } = await registerAccount(
    deps,
    { email: account.email, name: account.name, role: account.role, password: DEMO_PASSWORD, dateOfBirth },
    context(),
  );
  await recordDemoAccount(deps.store, accountId, context());
  return accountId;
}

async function registerContractor(deps: AccountsDeps, contractor: DemoContractor) {
  const accountId = await registerDemoAccount(deps, contractor);
  const ctx = { ...context(), actorId: accountId };
  await handleCommand(
    deps.store,
    contractorStreamId(accountId),
    contractorDecider,
    {
      type: 'UpdateContractorProfile',
      contractorId: accountId,
      changes: {
        location: contractor.location,
        canWorkRemotely: contractor.remote,
        yearsOfExperience: contractor.years,
        expertiseStatement: contractor.statement,
      },
      now: ctx.now,
    },
    ctx,
  );
  const offeringId = randomUUID();
  await handleCommand(
    deps.store,
    offeringStreamId(offeringId),
    offeringDecider,
    {
      type: 'CreateServiceOffering',
      offering: {
        offeringId,
        contractorId: accountId,
        title: contractor.offering.title,
        description: contractor.offering.description,
        ...(contractor.offering.service ? { service: contractor.offering.service } : {}),
        pricingModel: contractor.offering.pricingModel,
        priceCents: contractor.offering.price * 100,
        isRemoteService: contractor.remote,
        isActive: true,
      },
      now: ctx.now,
    },
    ctx,
  );
}

/**
 * A data folder seeded before the seed recorded its accounts has the chapters' markers and no
 * record: each demo address is looked up, and its account counts as the seed's only if it was
 * registered before its chapter's marker (the server listens only after seeding, so no one signed
 * up earlier; a demo account deleted and its address taken later is registered after the marker).
 */
async function recordAccountsSeededBeforeTheRecord(deps: AccountsDeps) {
  if ((await deps.store.readStream(DEMO_ACCOUNTS_STREAM, { maxCount: 1 })).length > 0) return;
  const chapters: [string, readonly DemoAccount[]][] = [
    [SEED_STREAM, accountsChapterAccounts],
    [MARKETPLACE_SEED_STREAM, marketplaceChapterAccounts],
  ];
  for (const [marker, accounts] of chapters) {
    const [mark] = await deps.store.readStream(marker, { maxCount: 1 });
    if (!mark) continue;
    for (const account of accounts) {
      const personal = await personalDataByEmail(deps.sql, account.email);
      if (!personal) continue;
      const [registered] = await deps.store.readStream(accountStreamId(personal.accountId), { maxCount: 1 });
      if (registered && comparePositions(registered.position, mark.position) < 0) {
        await recordDemoAccount(deps.store, personal.accountId, context());
      }
    }
  }
}

/** Whether the demo seed ever ran on this database: a chapter's marker, or a recorded demo account. */
export async function holdsDemoData(store: EventStore): Promise<boolean> {
  for (const stream of [
    SEED_STREAM,
    MARKETPLACE_SEED_STREAM,
    MONEY_SEED_STREAM,
    COMMUNITY_SEED_STREAM,
    DEMO_ACCOUNTS_STREAM,
  ]) {
    if ((await store.readStream(stream, { maxCount: 1 })).length > 0) return true;
  }
  return false;
}

async function seeded(deps: AccountsDeps, marker: string): Promise<boolean> {
  return (await deps.store.readStream(marker, { maxCount: 1 })).length > 0;
}

async function markSeeded(deps: AccountsDeps, marker: string) {
  try {
    await deps.store.append(marker, [{ type: 'DemoDataSeeded', data: { seededAt: new Date().toISOString() } }], {
      expectedRevision: 'no_stream',
    });
  } catch (error) {
    if (!(error instanceof WrongExpectedVersionError)) throw error;
  }
}

/**
 * Seeds demo data once, through the same commands the API runs, in chapters: accounts, then the
 * marketplace (service areas, calendars, work orders, bids, bookings, reviews, conversations), then
 * money (contracts and escrows at each step), then the community (forum discussions, feedback,
 * services open to barter and trades). A
 * marker stream appended after each chapter (expected: no stream) makes a later start skip it, so
 * a data folder seeded by an older version gains the new chapter on its next start.
 */
export async function seedDemoData(deps: AccountsDeps, today = new Date()): Promise<{ seeded: boolean }> {
  let didSeed = false;
  await recordAccountsSeededBeforeTheRecord(deps);
  if (!(await seeded(deps, SEED_STREAM))) {
    for (const account of [admin, ...customers]) await registerDemoAccount(deps, account);
    for (const contractor of contractors) await registerContractor(deps, contractor);
    await markSeeded(deps, SEED_STREAM);
    didSeed = true;
  }
  if (!(await seeded(deps, MARKETPLACE_SEED_STREAM))) {
    for (const customer of marketplaceCustomers) await registerDemoAccount(deps, { ...customer, role: 'customer' });
    for (const contractor of marketplaceContractors) {
      await registerContractor(deps, {
        ...contractor,
        role: 'contractor',
        remote: contractor.offering.service === 'computer-help' || contractor.offering.service === 'tutoring',
      });
    }
    const ids = new Map<string, string>();
    for (const account of demoAccounts) {
      const found = await personalDataByEmail(deps.sql, account.email);
      if (found) ids.set(account.email, found.accountId);
    }
    await seedMarketplace(deps.store, deps.sql, ids, today);
    await markSeeded(deps, MARKETPLACE_SEED_STREAM);
    didSeed = true;
  }
  if (!(await seeded(deps, MONEY_SEED_STREAM))) {
    const ids = new Map<string, string>();
    const names = new Map<string, string>();
    for (const email of ['customer@demo.ca', 'customer2@demo.ca', 'contractor@demo.ca']) {
      const found = await personalDataByEmail(deps.sql, email);
      if (found) {
        ids.set(email, found.accountId);
        names.set(email, found.name);
      }
    }
    await seedMoney(deps.store, deps.sql, ids, names, today);
    await markSeeded(deps, MONEY_SEED_STREAM);
    didSeed = true;
  }
  if (!(await seeded(deps, COMMUNITY_SEED_STREAM))) {
    const ids = new Map<string, string>();
    for (const account of demoAccounts) {
      const found = await personalDataByEmail(deps.sql, account.email);
      if (found) ids.set(account.email, found.accountId);
    }
    await seedCommunity(deps.store, ids, today);
    await markSeeded(deps, COMMUNITY_SEED_STREAM);
    didSeed = true;
  }
  return { seeded: didSeed };
}

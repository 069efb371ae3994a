import { contractorDecider, offeringDecider } from '../shared/domain/catalogue/decider.ts';
import type { Role } from '../shared/domain/accounts/events.ts';
import { contractorStreamId, offeringStreamId } from '../shared/domain/catalogue/streams.ts';
import { handleCommand, type CommandContext } from '../shared/domain/decider.ts';
import { WrongExpectedVersionError } from '../shared/eventstore/types.ts';
import { randomUUID } from 'node:crypto';
import { registerAccount, type AccountsDeps } from './modules/accounts/service.ts';
import { personalDataByEmail } from './modules/accounts/personal-data.ts';
import { marketplaceContractors, marketplaceCustomers, seedMarketplace } from './seed-marketplace.ts';
import { seedMoney } from './seed-money.ts';
import type { ServiceSlug } from '../shared/domain/catalogue/categories.ts';

export const DEMO_PASSWORD = 'demo-pass-2024';
const SEED_STREAM = 'system-demo-seed';
const MARKETPLACE_SEED_STREAM = 'system-demo-seed-marketplace';
const MONEY_SEED_STREAM = 'system-demo-seed-money';

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

export const demoAccounts: DemoAccount[] = [
  admin,
  ...customers,
  ...contractors,
  ...marketplaceCustomers.map((c) => ({ ...c, role: 'customer' as const })),
  ...marketplaceContractors.map((c) => ({ email: c.email, name: c.name, role: 'contractor' as const })),
];

const dateOfBirth = '1988-06-15';
const context = (): CommandContext => ({ actorId: null, correlationId: randomUUID(), now: new Date() });

async function registerContractor(deps: AccountsDeps, contractor: DemoContractor) {
  const { accountId } = await registerAccount(
    deps,
    { email: contractor.email, name: contractor.name, role: 'contractor', password: DEMO_PASSWORD, dateOfBirth },
    context(),
  );
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
 * money (contracts and escrows at each step). A
 * marker stream appended after each chapter (expected: no stream) makes a later start skip it, so
 * a data folder seeded by an older version gains the new chapter on its next start.
 */
export async function seedDemoData(deps: AccountsDeps, today = new Date()): Promise<{ seeded: boolean }> {
  let didSeed = false;
  if (!(await seeded(deps, SEED_STREAM))) {
    for (const account of [admin, ...customers]) {
      await registerAccount(deps, { ...account, password: DEMO_PASSWORD, dateOfBirth }, context());
    }
    for (const contractor of contractors) await registerContractor(deps, contractor);
    await markSeeded(deps, SEED_STREAM);
    didSeed = true;
  }
  if (!(await seeded(deps, MARKETPLACE_SEED_STREAM))) {
    for (const customer of marketplaceCustomers) {
      await registerAccount(deps, { ...customer, role: 'customer', password: DEMO_PASSWORD, dateOfBirth }, context());
    }
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
  return { seeded: didSeed };
}

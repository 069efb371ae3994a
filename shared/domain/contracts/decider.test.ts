import { describe, expect, it } from 'vitest';
import { type AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { foldEvents } from '../decider.ts';
import {
  contractDecider,
  normalisedName,
  roleOf,
  type ContractCommand,
  type ContractState,
  type SignContract,
} from './decider.ts';
import type { ContractEvent, ContractTerms } from './events.ts';
import { CONTRACT_MESSAGES as M } from './messages.ts';
import { CURRENT_TEMPLATE_VERSION, renderContract } from './template.ts';

const customer = 'a0000000-0000-4000-8000-000000000001';
const contractor = 'a0000000-0000-4000-8000-000000000002';
const stranger = 'a0000000-0000-4000-8000-000000000099';
const jobId = 'a0000000-0000-4000-8000-000000000003';

const customerName = 'Chloé Tremblay';
const contractorName = "José O'Neil";

/** Monday 4 May 2026, 10:00 in Toronto. */
const t0 = new Date('2026-05-04T14:00:00.000Z');
const t1 = new Date('2026-05-04T15:00:00.000Z');
const t2 = new Date('2026-05-04T16:00:00.000Z');
const t3 = new Date('2026-05-04T17:00:00.000Z');

const terms = (overrides: Partial<ContractTerms> = {}): ContractTerms => ({
  jobId,
  jobKind: 'work-order',
  title: 'Paint a two-bedroom apartment',
  scope: 'Two bedrooms and a hallway, walls only. Paint is supplied.',
  priceCents: 100_000,
  schedule: null,
  customer: { userId: customer, province: 'ON' },
  contractor: { userId: contractor, province: 'ON' },
  governingProvince: 'ON',
  ...overrides,
});

/** The legal copy each party's signature names (written by the route before the event). */
const customerCopy = 'c0000000-0000-4000-8000-000000000001';
const contractorCopy = 'c0000000-0000-4000-8000-000000000002';

type Open = Exclude<ContractState, { status: 'none' }>;

const stateOf = (events: readonly ContractEvent[]) => foldEvents(contractDecider, events);
const open = (events: readonly ContractEvent[]): Open => {
  const state = stateOf(events);
  if (state.status === 'none') throw new Error('the contract should exist');
  return state;
};

/** Given events, when a command: the events decided (the decider's own fold of the history). */
const when = (events: readonly ContractEvent[], command: ContractCommand) =>
  contractDecider.decide(command, stateOf(events));

/** Given events, when a command: it must be refused with this class, status and exact message. */
function refused(
  events: readonly ContractEvent[],
  command: ContractCommand,
  errorClass: new (message: string) => AppError,
  message: string,
) {
  let thrown: unknown;
  try {
    when(events, command);
  } catch (error) {
    thrown = error;
  }
  expect(thrown, `${command.type} should have been refused`).toBeInstanceOf(errorClass);
  expect((thrown as AppError).message).toBe(message);
  return thrown as AppError;
}

const generate = (t: ContractTerms = terms(), now = t0): ContractCommand => ({
  type: 'GenerateContract',
  terms: t,
  now,
});

/** The history of a freshly generated contract. */
const generated = (t: ContractTerms = terms()) => when([], generate(t));

/** A well-formed signature by a party on the current version of `events`. */
function signBy(
  events: readonly ContractEvent[],
  who: 'customer' | 'contractor',
  overrides: Partial<SignContract> = {},
) {
  const state = open(events);
  const name = who === 'customer' ? customerName : contractorName;
  const command: SignContract = {
    type: 'SignContract',
    actorId: who === 'customer' ? customer : contractor,
    version: state.version,
    textHash: state.textHash,
    typedName: name,
    accountName: name,
    consent: true,
    legalCopyId: who === 'customer' ? customerCopy : contractorCopy,
    now: t1,
    ...overrides,
  };
  return command;
}

const revise = (actorId: string, changes: Extract<ContractCommand, { type: 'ReviseContract' }>['changes'], now = t2) =>
  ({ type: 'ReviseContract', actorId, changes, now }) satisfies ContractCommand;

/** Applies commands one after the other, from nothing, and returns the whole history. */
function history(...commands: ((events: ContractEvent[]) => ContractCommand)[]): ContractEvent[] {
  const events: ContractEvent[] = [];
  for (const make of commands) events.push(...when(events, make(events)));
  return events;
}

describe('contract decider: generation', () => {
  it('generates version 1 from the terms, hashed over the rendered text', () => {
    const expected = renderContract(terms(), { version: 1, generatedAt: t0.toISOString() });
    expect(generated()).toEqual([
      {
        type: 'ContractGenerated',
        data: {
          jobId,
          version: 1,
          templateVersion: CURRENT_TEMPLATE_VERSION,
          terms: terms(),
          textHash: expected.textHash,
          generatedAt: t0.toISOString(),
        },
      },
    ]);
    expect(expected.textHash).toMatch(/^[0-9a-f]{64}$/);
    expect(CURRENT_TEMPLATE_VERSION).toBe('v2');
  });

  it('keeps names out of the log: names handed in with the terms are dropped', () => {
    const named = terms({
      customer: { userId: customer, name: customerName, province: 'ON' },
      contractor: { userId: contractor, name: contractorName, province: 'ON' },
    });
    const events = generated(named);
    expect(events).toEqual(generated());
    expect(JSON.stringify(events)).not.toContain('Chlo');
    expect(JSON.stringify(events)).not.toContain('Neil');
  });

  it('executes a recurring visit’s contract as generated, under the agreement both signed', () => {
    const visit = terms({
      jobKind: 'booking',
      recurring: {
        kind: 'visit',
        subscriptionId: 'sub-1',
        visitIndex: 0,
        agreementVersion: 1,
        agreementTextHash: 'f'.repeat(64),
      },
    });
    const events = generated(visit);
    const textHash = renderContract(visit, { version: 1, generatedAt: t0.toISOString() }).textHash;
    expect(events[1]).toEqual({
      type: 'ContractExecuted',
      data: {
        jobId,
        version: 1,
        textHash,
        customerId: customer,
        contractorId: contractor,
        executedAt: t0.toISOString(),
        underAgreement: 'sub-1',
      },
    });
    expect(stateOf(events).status).toBe('executed');
    // An agreement itself waits for both signatures like any contract.
    const agreement = terms({
      jobKind: 'subscription',
      recurring: {
        kind: 'agreement',
        frequency: 'weekly',
        firstVisitAt: t0.toISOString(),
        timeZone: 'America/Toronto',
        visitMinutes: 60,
      },
    });
    expect(generated(agreement).map((e) => e.type)).toEqual(['ContractGenerated']);
    const signed = history(
      () => generate(agreement),
      (events) => signBy(events, 'customer'),
      (events) => signBy(events, 'contractor'),
    );
    expect(signed.at(-1)).toMatchObject({ type: 'ContractExecuted', data: { jobKind: 'subscription' } });
    // Its terms are the subscription's: no party can edit them.
    refused(generated(agreement), revise(customer, { priceCents: 5_000 }), ConflictError, M.recurringTermsFixed);
  });

  it('starts awaiting both signatures, with none yet', () => {
    expect(stateOf(generated())).toEqual({
      status: 'awaiting-signatures',
      version: 1,
      templateVersion: 'v2',
      terms: terms(),
      textHash: renderContract(terms(), { version: 1, generatedAt: t0.toISOString() }).textHash,
      generatedAt: t0.toISOString(),
      signatures: {},
      executedAt: null,
    });
  });

  it('is generated once: a second GenerateContract (a retried tick) changes nothing', () => {
    expect(when(generated(), generate())).toEqual([]);
    // Even with other terms or at another time: the first generation stands.
    expect(when(generated(), generate(terms({ priceCents: 5_000 }), t3))).toEqual([]);
    const signed = [...generated(), ...when(generated(), signBy(generated(), 'customer'))];
    expect(when(signed, generate())).toEqual([]);
  });

  it('hashes the text the template renders for these terms: other terms, other hash', () => {
    const hashOf = (t: ContractTerms) =>
      (generated(t)[0] as Extract<ContractEvent, { type: 'ContractGenerated' }>).data;
    expect(hashOf(terms()).textHash).toBe(hashOf(terms()).textHash);
    expect(hashOf(terms({ scope: 'Two bedrooms.' })).textHash).not.toBe(hashOf(terms()).textHash);
    expect(hashOf(terms({ priceCents: 100_001 })).textHash).not.toBe(hashOf(terms()).textHash);
  });

  it('refuses every other command on a contract that does not exist (404)', () => {
    const commands: ContractCommand[] = [
      revise(customer, { title: 'Something else' }),
      {
        type: 'SignContract',
        actorId: customer,
        version: 1,
        textHash: 'f'.repeat(64),
        typedName: customerName,
        accountName: customerName,
        consent: true,
        legalCopyId: customerCopy,
        now: t1,
      },
    ];
    for (const command of commands) expect(refused([], command, NotFoundError, M.notFound).statusCode).toBe(404);
  });
});

describe('contract decider: signing', () => {
  it('records the customer’s signature and waits for the contractor', () => {
    const events = generated();
    const state = open(events);
    expect(when(events, signBy(events, 'customer'))).toEqual([
      {
        type: 'ContractSigned',
        data: {
          jobId,
          version: 1,
          role: 'customer',
          userId: customer,
          textHash: state.textHash,
          signedAt: t1.toISOString(),
          legalCopyId: customerCopy,
        },
      },
    ]);
    const after = open([...events, ...when(events, signBy(events, 'customer'))]);
    expect(after.status).toBe('awaiting-signatures');
    expect(Object.keys(after.signatures)).toEqual(['customer']);
    expect(after.executedAt).toBeNull();
  });

  it('is executed when the second party signs: ContractSigned then ContractExecuted', () => {
    const events = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
    );
    const state = open(events);
    expect(when(events, signBy(events, 'contractor', { now: t2 }))).toEqual([
      {
        type: 'ContractSigned',
        data: {
          jobId,
          version: 1,
          role: 'contractor',
          userId: contractor,
          textHash: state.textHash,
          signedAt: t2.toISOString(),
          legalCopyId: contractorCopy,
        },
      },
      {
        type: 'ContractExecuted',
        data: {
          jobId,
          version: 1,
          textHash: state.textHash,
          customerId: customer,
          contractorId: contractor,
          executedAt: t2.toISOString(),
        },
      },
    ]);
    const executed = open([...events, ...when(events, signBy(events, 'contractor', { now: t2 }))]);
    expect(executed.status).toBe('executed');
    expect(executed.executedAt).toBe(t2.toISOString());
    expect(Object.keys(executed.signatures).sort()).toEqual(['contractor', 'customer']);
  });

  it('does not care who signs first', () => {
    const events = history(
      () => generate(),
      (e) => signBy(e, 'contractor'),
      (e) => signBy(e, 'customer', { now: t2 }),
    );
    expect(events.map((e) => e.type)).toEqual([
      'ContractGenerated',
      'ContractSigned',
      'ContractSigned',
      'ContractExecuted',
    ]);
    expect(open(events).status).toBe('executed');
  });

  it('checks the typed name but does not record it: the signature names who, what and when', () => {
    const events = generated();
    const [signed] = when(
      events,
      signBy(events, 'customer', { typedName: '  CHLOE Tremblay  ', accountName: 'Chloé Tremblay' }),
    );
    expect(Object.keys(signed!.data).sort()).toEqual(
      ['jobId', 'legalCopyId', 'role', 'signedAt', 'textHash', 'userId', 'version'].sort(),
    );
    expect(JSON.stringify(signed)).not.toMatch(/chlo|tremblay|mozilla/i);
    // The name rule still holds without anything stored: a wrong name is refused.
    refused(events, signBy(events, 'customer', { typedName: 'Chloé Roy' }), ValidationError, M.nameMismatch);
  });

  it('drops a legacy contract’s names from a revision and its signatures', () => {
    // Events written before template v2 named the parties and kept the typed name.
    const legacyTerms = {
      ...terms(),
      customer: { userId: customer, name: customerName, province: 'ON' as const },
      contractor: { userId: contractor, name: contractorName, province: 'ON' as const },
    };
    const legacyHash = renderContract(legacyTerms, { version: 1, generatedAt: t0.toISOString() }, 'v1').textHash;
    const legacy: ContractEvent[] = [
      {
        type: 'ContractGenerated',
        data: {
          jobId,
          version: 1,
          templateVersion: 'v1',
          terms: legacyTerms,
          textHash: legacyHash,
          generatedAt: t0.toISOString(),
        },
      },
      {
        type: 'ContractSigned',
        data: {
          jobId,
          version: 1,
          role: 'customer',
          userId: customer,
          typedName: customerName,
          textHash: legacyHash,
          userAgent: 'Mozilla/5.0 (legacy)',
          signedAt: t1.toISOString(),
        },
      },
    ];
    const revised = when(legacy, revise(contractor, { priceCents: 90_000 }));
    expect(revised).toMatchObject([
      { type: 'ContractRevised', data: { templateVersion: 'v2', voidedSignatures: ['customer'] } },
    ]);
    expect(JSON.stringify(revised)).not.toMatch(/chlo|neil/i);
    const signed = when([...legacy, ...revised], signBy([...legacy, ...revised], 'customer'));
    expect(JSON.stringify(signed)).not.toMatch(/chlo|neil|mozilla/i);
  });

  it('refuses a second signature by the same party (409), before and after execution', () => {
    const once = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
    );
    expect(refused(once, signBy(once, 'customer'), ConflictError, M.alreadySigned).statusCode).toBe(409);
    const executed = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
      (e) => signBy(e, 'contractor'),
    );
    refused(executed, signBy(executed, 'customer'), ConflictError, M.alreadySigned);
    refused(executed, signBy(executed, 'contractor'), ConflictError, M.alreadySigned);
  });

  it('refuses a stranger (403), even one who types a matching name', () => {
    const events = generated();
    const command = signBy(events, 'customer', { actorId: stranger, typedName: 'Sam', accountName: 'Sam' });
    expect(refused(events, command, ForbiddenError, M.notAParty).statusCode).toBe(403);
    expect(roleOf(terms(), stranger)).toBeNull();
    expect(roleOf(terms(), customer)).toBe('customer');
    expect(roleOf(terms(), contractor)).toBe('contractor');
  });

  it('refuses a stale version or hash (409): a party signs only the exact text they were shown', () => {
    const events = generated();
    const state = open(events);
    for (const overrides of [
      { version: 2 },
      { version: 0 },
      { textHash: 'f'.repeat(64) },
      { textHash: state.textHash.toUpperCase() },
      { textHash: '' },
    ]) {
      expect(refused(events, signBy(events, 'customer', overrides), ConflictError, M.staleVersion).statusCode).toBe(
        409,
      );
    }
    // After a revision, the version-1 text a party still has open is stale.
    const revised = [...events, ...when(events, revise(contractor, { priceCents: 90_000 }))];
    refused(
      revised,
      signBy(revised, 'customer', { version: 1, textHash: state.textHash }),
      ConflictError,
      M.staleVersion,
    );
    refused(revised, signBy(revised, 'customer', { textHash: state.textHash }), ConflictError, M.staleVersion);
    expect(when(revised, signBy(revised, 'customer'))).toHaveLength(1);
  });

  it('refuses to sign while the price is not set (409), and accepts once a revision sets it', () => {
    const events = generated(terms({ priceCents: null }));
    expect(refused(events, signBy(events, 'customer'), ConflictError, M.priceNotSet).statusCode).toBe(409);
    const priced = [...events, ...when(events, revise(customer, { priceCents: 25_000 }))];
    expect(open(priced).terms.priceCents).toBe(25_000);
    expect(when(priced, signBy(priced, 'customer'))).toMatchObject([{ type: 'ContractSigned', data: { version: 2 } }]);
  });

  it('refuses a signature without consent (400)', () => {
    const events = generated();
    expect(
      refused(events, signBy(events, 'customer', { consent: false }), ValidationError, M.consentRequired).statusCode,
    ).toBe(400);
  });

  it.each([
    ['lower case', 'chloé tremblay'],
    ['upper case', 'CHLOÉ TREMBLAY'],
    ['without the accent', 'Chloe Tremblay'],
    ['with extra spaces', '   Chloé     Tremblay  '],
    ['with a tab between the names', 'Chloé\tTremblay'],
    ['with punctuation', 'Chloé, Tremblay.'],
    ['all at once', '  CHLOE   tremblay '],
  ])('accepts the account name typed %s', (_label, typedName) => {
    const events = generated();
    expect(when(events, signBy(events, 'customer', { typedName }))).toMatchObject([
      { type: 'ContractSigned', data: { role: 'customer' } },
    ]);
  });

  it.each([
    ['with a curly apostrophe', 'José O’Neil'],
    ['without the apostrophe', 'Jose ONeil'],
    ['lower case, no accent', 'jose oneil'],
  ])('accepts the contractor’s name typed %s', (_label, typedName) => {
    const events = generated();
    expect(when(events, signBy(events, 'contractor', { typedName }))).toHaveLength(1);
  });

  it.each([
    ['another name', 'Someone Else'],
    ['only the first name', 'Chloé'],
    ['a misspelling', 'Chloé Tremblai'],
    ['the names swapped', 'Tremblay Chloé'],
    ['blank', '   '],
    ['punctuation only', '.-’'],
  ])('refuses %s (400)', (_label, typedName) => {
    const events = generated();
    refused(events, signBy(events, 'customer', { typedName }), ValidationError, M.nameMismatch);
  });

  it('compares with the name on the signer’s account, looked up when signing', () => {
    const events = generated();
    // The contract names no one: the account's name at signing is what must be typed.
    expect(when(events, signBy(events, 'customer', { typedName: 'Chloé Roy', accountName: 'Chloé Roy' }))).toHaveLength(
      1,
    );
    refused(
      events,
      signBy(events, 'customer', { typedName: customerName, accountName: 'Chloé Roy' }),
      ValidationError,
      M.nameMismatch,
    );
  });

  it.each([
    ['with the hyphen', 'Jean-Luc Picard'],
    ['with a space for the hyphen', 'Jean Luc Picard'],
    ['with an en dash', 'jean–luc picard'],
  ])('accepts a hyphenated account name typed %s', (_label, typedName) => {
    const events = generated();
    expect(when(events, signBy(events, 'contractor', { typedName, accountName: 'Jean-Luc Picard' }))).toHaveLength(1);
  });

  it('normalises names without case, accents, apostrophes, hyphens or extra spaces', () => {
    expect(normalisedName("José  O'Neil")).toBe('jose oneil');
    expect(normalisedName('JOSÉ O’NEIL')).toBe('jose oneil');
    expect(normalisedName('Jose ONeil')).toBe('jose oneil');
    expect(normalisedName('  Chloé\u00a0Tremblay ')).toBe('chloe tremblay');
    // A hyphen joins two names: "Jean-Luc" and "Jean Luc" are the same name.
    expect(normalisedName('Jean-Luc Picard')).toBe(normalisedName('Jean Luc Picard'));
    expect(normalisedName('Marie–Ève Côté')).toBe(normalisedName('marie eve cote'));
    // Precomposed and decomposed accents are the same letters.
    expect(normalisedName('Chlo\u00e9')).toBe(normalisedName('Chloe\u0301'));
    expect(normalisedName('')).toBe('');
  });

  it('refuses to sign a cancelled contract (409)', () => {
    const events = history(
      () => generate(),
      () => ({ type: 'CancelContract', jobId, now: t1 }),
    );
    refused(events, signBy(events, 'customer'), ConflictError, M.cancelled);
  });
});

describe('contract decider: revision', () => {
  const signedByCustomer = () =>
    history(
      () => generate(),
      (e) => signBy(e, 'customer'),
    );

  it('makes version 2 with the new terms, lists the voided signatures and clears them from the state', () => {
    const events = signedByCustomer();
    const newTerms = terms({ priceCents: 95_000 });
    expect(when(events, revise(contractor, { priceCents: 95_000 }))).toEqual([
      {
        type: 'ContractRevised',
        data: {
          jobId,
          version: 2,
          templateVersion: 'v2',
          terms: newTerms,
          textHash: renderContract(newTerms, { version: 2, generatedAt: t2.toISOString() }).textHash,
          revisedBy: contractor,
          voidedSignatures: ['customer'],
          revisedAt: t2.toISOString(),
        },
      },
    ]);
    const after = open([...events, ...when(events, revise(contractor, { priceCents: 95_000 }))]);
    expect(after).toMatchObject({ status: 'awaiting-signatures', version: 2, signatures: {}, terms: newTerms });
    expect(after.textHash).not.toBe(open(events).textHash);
  });

  it('voids no signature when nobody had signed', () => {
    expect(when(generated(), revise(customer, { title: 'Paint three rooms' }))).toMatchObject([
      { type: 'ContractRevised', data: { version: 2, voidedSignatures: [] } },
    ]);
  });

  it('keeps the fields it was not given, and counts versions up', () => {
    const events = history(
      () => generate(),
      () => revise(customer, { scope: 'Walls and ceilings.' }),
      () => revise(contractor, { title: 'Paint and ceilings', schedule: null }, t3),
    );
    const state = open(events);
    expect(state.version).toBe(3);
    expect(state.terms).toEqual(terms({ scope: 'Walls and ceilings.', title: 'Paint and ceilings' }));
    const schedule = { startsAt: '2026-06-01T13:00:00Z', endsAt: '2026-06-01T17:00:00Z', timeZone: 'America/Toronto' };
    expect(when(events, revise(customer, { schedule }))).toMatchObject([
      { type: 'ContractRevised', data: { version: 4, terms: { ...state.terms, schedule } } },
    ]);
  });

  it('lets both parties sign the new version, which then executes', () => {
    const events = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
      () => revise(contractor, { priceCents: 95_000 }),
      // The customer's version-1 signature no longer counts: they sign again.
      (e) => signBy(e, 'customer', { now: t3 }),
      (e) => signBy(e, 'contractor', { now: t3 }),
    );
    expect(events.at(-1)).toMatchObject({ type: 'ContractExecuted', data: { version: 2 } });
    expect(open(events).status).toBe('executed');
  });

  it('after a revision, the contractor signing alone does not execute it', () => {
    const events = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
      () => revise(customer, { scope: 'Walls only, one coat.' }),
    );
    expect(when(events, signBy(events, 'contractor')).map((e) => e.type)).toEqual(['ContractSigned']);
  });

  it('is refused after execution (409), to strangers (403), without a change (409) and out of range (400)', () => {
    const executed = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
      (e) => signBy(e, 'contractor'),
    );
    expect(
      refused(executed, revise(customer, { priceCents: 90_000 }), ConflictError, M.alreadyExecuted).statusCode,
    ).toBe(409);
    refused(executed, revise(contractor, { title: 'New title' }), ConflictError, M.alreadyExecuted);
    refused(signedByCustomer(), revise(stranger, { title: 'Mine now' }), ForbiddenError, M.notAParty);
    refused(signedByCustomer(), revise(customer, { priceCents: 100_000 }), ConflictError, M.nothingChanged);
    refused(signedByCustomer(), revise(customer, {}), ConflictError, M.nothingChanged);
    for (const priceCents of [99, 0, -100, 100_000_001, 1_000.5, Number.NaN]) {
      refused(signedByCustomer(), revise(customer, { priceCents }), ValidationError, M.priceRange);
    }
    // The bounds themselves are accepted.
    expect(when(signedByCustomer(), revise(customer, { priceCents: 100 }))).toHaveLength(1);
    expect(when(signedByCustomer(), revise(customer, { priceCents: 100_000_000 }))).toHaveLength(1);
  });

  it('is refused on a cancelled contract (409)', () => {
    const events = history(
      () => generate(),
      () => ({ type: 'CancelContract', jobId, now: t1 }),
    );
    refused(events, revise(customer, { title: 'Too late' }), ConflictError, M.cancelled);
  });
});

describe('contract decider: cancellation', () => {
  it('cancels a contract awaiting signatures, at its current version', () => {
    expect(when(generated(), { type: 'CancelContract', jobId, now: t1 })).toEqual([
      {
        type: 'ContractCancelled',
        data: { jobId, version: 1, reason: 'job-cancelled', cancelledAt: t1.toISOString() },
      },
    ]);
    const signedAndRevised = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
      () => revise(customer, { priceCents: 80_000 }),
    );
    expect(when(signedAndRevised, { type: 'CancelContract', jobId, now: t3 })).toMatchObject([
      { type: 'ContractCancelled', data: { version: 2 } },
    ]);
    expect(stateOf([...generated(), ...when(generated(), { type: 'CancelContract', jobId, now: t1 })]).status).toBe(
      'cancelled',
    );
  });

  it('is a no-op after execution (the escrow carries the cancellation) and when already cancelled', () => {
    const executed = history(
      () => generate(),
      (e) => signBy(e, 'customer'),
      (e) => signBy(e, 'contractor'),
    );
    expect(when(executed, { type: 'CancelContract', jobId, now: t3 })).toEqual([]);
    expect(open(executed).status).toBe('executed');
    const cancelled = history(
      () => generate(),
      () => ({ type: 'CancelContract', jobId, now: t1 }),
    );
    expect(when(cancelled, { type: 'CancelContract', jobId, now: t2 })).toEqual([]);
  });

  it('marks a job cancelled before its contract was written, so a late generation writes nothing', () => {
    const mark = when([], { type: 'CancelContract', jobId, now: t1 });
    expect(mark).toEqual([
      {
        type: 'ContractCancelled',
        data: { jobId, version: 0, reason: 'job-cancelled', cancelledAt: t1.toISOString() },
      },
    ]);
    // A timer that read the job as awarded before the cancellation reached its read model.
    expect(when(mark, generate())).toEqual([]);
    expect(when(mark, { type: 'CancelContract', jobId, now: t2 })).toEqual([]);
    refused(mark, revise(customer, { title: 'After all' }), NotFoundError, M.notFound);
  });
});

describe('contract decider: evolve', () => {
  it('ignores events other than ContractGenerated and the cancellation mark on a contract that does not exist', () => {
    const stray: ContractEvent[] = [
      {
        type: 'ContractExecuted',
        data: {
          jobId,
          version: 1,
          textHash: 'x',
          customerId: customer,
          contractorId: contractor,
          executedAt: t0.toISOString(),
        },
      },
    ];
    expect(stateOf(stray)).toEqual({ status: 'none' });
  });

  it('folds a whole lifecycle to the state the commands saw', () => {
    const events = history(
      () => generate(),
      (e) => signBy(e, 'contractor'),
      () => revise(customer, { priceCents: 120_000 }),
      (e) => signBy(e, 'contractor', { now: t3 }),
      (e) => signBy(e, 'customer', { now: t3 }),
    );
    const state = open(events);
    expect(state).toMatchObject({ status: 'executed', version: 2, executedAt: t3.toISOString() });
    expect(state.signatures.customer).toMatchObject({ version: 2, textHash: state.textHash });
    expect(state.signatures.contractor).toMatchObject({ version: 2, textHash: state.textHash });
  });
});

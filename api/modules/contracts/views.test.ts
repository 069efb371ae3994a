import { describe, expect, it } from 'vitest';
import type { ContractRow } from '../../../projections/contracts.ts';
import type { ContractTerms } from '../../../shared/domain/contracts/events.ts';
import { renderContract } from '../../../shared/domain/contracts/template.ts';
import { contractListItemOf, contractViewOf, partiesOf, renderedOf, viewerRoleOf } from './views.ts';

const at = '2026-05-04T14:00:00.000Z';
const terms: ContractTerms = {
  jobId: 'job-1',
  jobKind: 'work-order',
  title: 'Paint a two-bedroom apartment',
  scope: 'Two bedrooms and a hallway, walls only.',
  priceCents: 100_000,
  schedule: null,
  customer: { userId: 'cust', province: 'ON' },
  contractor: { userId: 'pro', province: 'ON' },
  governingProvince: 'ON',
};
const row = (overrides: Partial<ContractRow> = {}): ContractRow => ({
  jobId: 'job-1',
  jobKind: 'work-order',
  status: 'awaiting-signatures',
  version: 1,
  templateVersion: 'v2',
  customerId: 'cust',
  contractorId: 'pro',
  title: terms.title,
  priceCents: 100_000,
  terms,
  textHash: 'hash',
  signatures: {},
  versions: [{ version: 1, textHash: 'hash', at }],
  generatedAt: new Date(at),
  executedAt: null,
  cancelledAt: null,
  updatedAt: new Date('2026-05-05T10:00:00.000Z'),
  ...overrides,
});
const names = new Map([
  ['cust', 'Chloé Tremblay'],
  ['pro', 'José O’Neil'],
]);
const signature = {
  jobId: 'job-1',
  version: 1,
  role: 'customer' as const,
  userId: 'cust',
  textHash: 'hash',
  signedAt: at,
};

describe('contract views', () => {
  it('tells the parties and admins apart from strangers', () => {
    expect(viewerRoleOf(row(), { id: 'cust', role: 'customer' })).toBe('customer');
    expect(viewerRoleOf(row(), { id: 'pro', role: 'contractor' })).toBe('contractor');
    expect(viewerRoleOf(row(), { id: 'boss', role: 'admin' })).toBe('admin');
    expect(viewerRoleOf(row(), { id: 'other', role: 'customer' })).toBeNull();
  });

  it('names the parties as they are today, a deleted account as a former member', () => {
    expect(partiesOf(row(), names)).toEqual({
      customer: { id: 'cust', name: 'Chloé Tremblay' },
      contractor: { id: 'pro', name: 'José O’Neil' },
    });
    expect(partiesOf(row(), new Map([['pro', 'José O’Neil']])).customer).toEqual({ id: 'cust', name: 'Former member' });
  });

  it('renders a v2 text as hashed and a v1 text with today’s names', () => {
    const parties = partiesOf(row(), names);
    expect(renderedOf(row(), parties).textHash).toBe(
      renderContract(terms, { version: 1, generatedAt: at }, 'v2').textHash,
    );
    const legacy = renderedOf(row({ templateVersion: 'v1' }), parties);
    expect(legacy.text).toContain('Chloé Tremblay');
    expect(legacy.text).toContain('José O’Neil');
  });

  it('offers signing to a party who has not signed a priced contract, and never to an admin', () => {
    const parties = partiesOf(row(), names);
    const input = { parties, escrow: null, accountName: 'Chloé Tremblay' };
    expect(contractViewOf(row(), 'customer', input).actions).toEqual({ sign: true, revise: true });
    expect(contractViewOf(row(), 'admin', input).actions).toEqual({ sign: false, revise: false });
    expect(contractViewOf(row({ signatures: { customer: signature } }), 'customer', input).actions.sign).toBe(false);
    expect(contractViewOf(row({ priceCents: null }), 'customer', input).actions.sign).toBe(false);
    expect(contractViewOf(row({ jobKind: 'subscription' }), 'customer', input).actions.revise).toBe(false);
    expect(contractViewOf(row({ status: 'executed' }), 'contractor', input).actions).toEqual({
      sign: false,
      revise: false,
    });
  });

  it('carries the escrow’s status and amount, the dates as ISO text and the account’s name', () => {
    const view = contractViewOf(row(), 'customer', {
      parties: partiesOf(row(), names),
      escrow: { status: 'funded', amountCents: 100_000 },
      accountName: 'Chloé',
    });
    expect(view).toMatchObject({
      escrow: { status: 'funded', amountCents: 100_000 },
      generatedAt: at,
      executedAt: null,
      accountName: 'Chloé',
      viewerRole: 'customer',
    });
  });

  it('lists a contract with the other party and who has signed', () => {
    const signed = row({ signatures: { customer: signature } });
    expect(contractListItemOf(signed, 'cust', names, 'funded')).toMatchObject({
      viewerRole: 'customer',
      counterparty: { id: 'pro', name: 'José O’Neil' },
      signedByMe: true,
      signedByOther: false,
      escrowStatus: 'funded',
      updatedAt: '2026-05-05T10:00:00.000Z',
    });
    expect(contractListItemOf(signed, 'pro', new Map(), null)).toMatchObject({
      viewerRole: 'contractor',
      counterparty: { id: 'cust', name: 'Former member' },
      signedByMe: false,
      signedByOther: true,
      escrowStatus: null,
    });
  });
});

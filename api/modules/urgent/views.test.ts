import { describe, expect, it } from 'vitest';
import type { UrgentAlertRow } from '../../../projections/urgent.ts';
import { alertView } from '../../../shared/http/urgent.ts';
import { FORMER_MEMBER } from '../accounts/personal-data.ts';
import { acceptedByIdsOf, alertToView, isParty } from './views.ts';

const customer = '11111111-1111-4111-8111-111111111111';
const winner = '22222222-2222-4222-8222-222222222222';
const other = '33333333-3333-4333-8333-333333333333';
const alertId = '44444444-4444-4444-8444-444444444444';
const sentAt = new Date('2026-01-01T10:00:00.000Z');
const expiresAt = new Date('2026-01-01T14:00:00.000Z');

const open: UrgentAlertRow = {
  alertId,
  customerId: customer,
  status: 'open',
  title: 'Burst pipe',
  description: 'Water everywhere in the basement',
  category: 'plumbing',
  service: null,
  fsa: 'B3H',
  city: 'Halifax',
  province: 'NS',
  lat: 44.6,
  lng: -63.6,
  baseCents: 20000,
  multiplierPct: 150,
  priceCents: 30000,
  premiumCents: 10000,
  recipients: [winner, other],
  acceptedBy: null,
  acceptedAt: null,
  cancelledAt: null,
  sentAt,
  expiresAt,
};
const accepted: UrgentAlertRow = { ...open, status: 'accepted', acceptedBy: winner, acceptedAt: sentAt };
const postalCodes = new Map([[alertId, 'B3H 4R2']]);
const names = new Map([[winner, 'Wes']]);
const before = new Date('2026-01-01T11:00:00.000Z');

describe('urgent alert views', () => {
  it('show the customer how many it reached and who accepted, with the full postal code', () => {
    const view = alertToView(accepted, customer, names, postalCodes, before);
    expect(view).toMatchObject({
      status: 'accepted',
      postalCode: 'B3H 4R2',
      multiplier: 1.5,
      reached: 2,
      acceptedBy: { id: winner, name: 'Wes' },
      acceptedByMe: false,
      workOrderId: alertId,
      sentAt: sentAt.toISOString(),
    });
    expect(alertView.parse(view)).toEqual(view);
    expect(alertToView(accepted, customer, new Map(), postalCodes, before).acceptedBy?.name).toBe(FORMER_MEMBER);
  });

  it('show the contractor who got the job its work order, and the others only the area', () => {
    expect(alertToView(accepted, winner, names, postalCodes, before)).toMatchObject({
      postalCode: 'B3H 4R2',
      reached: null,
      acceptedBy: null,
      acceptedByMe: true,
      workOrderId: alertId,
    });
    expect(alertToView(accepted, other, names, postalCodes, before)).toMatchObject({
      postalCode: 'B3H',
      acceptedByMe: false,
      workOrderId: null,
    });
    expect(isParty(accepted, winner)).toBe(true);
    expect(isParty(accepted, other)).toBe(false);
    expect(acceptedByIdsOf([open, accepted])).toEqual([winner]);
  });

  it('call an open alert past its expiry expired', () => {
    expect(alertToView(open, customer, names, postalCodes, before).status).toBe('open');
    expect(alertToView(open, customer, names, postalCodes, expiresAt).status).toBe('expired');
    expect(alertToView(open, customer, names, new Map(), before).postalCode).toBe('B3H');
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { urgentAlertDecider, type SendUrgentAlert } from './decider.ts';
import type { UrgentAlertEvent } from './events.ts';
import { URGENT_ALERT_TTL_MS, URGENT_MESSAGES as M, urgentPrice } from './rules.ts';

const alertId = 'b0000000-0000-4000-8000-000000000001';
const customer = 'c0000000-0000-4000-8000-000000000001';
const first = 'd0000000-0000-4000-8000-000000000001';
const second = 'd0000000-0000-4000-8000-000000000002';
const t0 = new Date('2026-03-08T06:30:00.000Z');
const later = (ms: number) => new Date(t0.getTime() + ms);
const location = { fsa: 'M5V', city: 'Toronto', province: 'ON' as const, lat: 43.64, lng: -79.39 };
const alerts = deciderSpec(urgentAlertDecider);

const send = (overrides: Partial<SendUrgentAlert> = {}): SendUrgentAlert => ({
  type: 'SendUrgentAlert',
  alertId,
  customerId: customer,
  customerOnPaidPlan: true,
  title: 'Burst pipe under the sink',
  description: 'Water everywhere under the kitchen sink, the shut-off valve is stuck.',
  category: 'plumbing',
  service: null,
  location,
  baseCents: 15_000,
  multiplierPct: 250,
  recipients: [first, second],
  now: t0,
  ...overrides,
});
const sent = (overrides: Partial<SendUrgentAlert> = {}) =>
  urgentAlertDecider.decide(send(overrides), urgentAlertDecider.initialState());
const accept = (contractorId = first, now = later(60_000), contractorOnPaidPlan = true) =>
  ({ type: 'AcceptUrgentAlert', alertId, contractorId, contractorOnPaidPlan, now }) as const;
const accepted = (): UrgentAlertEvent[] => [
  ...sent(),
  {
    type: 'UrgentAlertAccepted',
    data: {
      alertId,
      customerId: customer,
      contractorId: first,
      priceCents: 37_500,
      premiumCents: 22_500,
      multiplierPct: 250,
      acceptedAt: later(60_000).toISOString(),
    },
  },
];

describe('urgent alerts: sending', () => {
  it('computes the price with the premium and broadcasts to the recipients for a few hours', () => {
    alerts([])
      .when(send())
      .then([
        {
          type: 'UrgentAlertSent',
          data: {
            alertId,
            customerId: customer,
            title: 'Burst pipe under the sink',
            description: 'Water everywhere under the kitchen sink, the shut-off valve is stuck.',
            category: 'plumbing',
            service: null,
            location,
            baseCents: 15_000,
            multiplierPct: 250,
            priceCents: 37_500,
            premiumCents: 22_500,
            recipients: [first, second],
            sentAt: t0.toISOString(),
            expiresAt: later(URGENT_ALERT_TTL_MS).toISOString(),
          },
        },
      ]);
  });

  it('keeps a full postal code out of the event: the place is its forward sortation area', () => {
    const [sent] = urgentAlertDecider.decide(
      send({ location: { ...location, fsa: undefined, postalCode: 'M5V 2T6' } }),
      urgentAlertDecider.initialState(),
    );
    expect(sent).toMatchObject({ data: { location } });
    expect(JSON.stringify(sent)).not.toContain('2T6');
  });

  it('needs a paid plan, a multiplier from 1x to 3x in quarter steps, a price, and someone to reach', () => {
    alerts([])
      .when(send({ customerOnPaidPlan: false }))
      .thenThrows(ForbiddenError, M.paidPlanToSend);
    for (const multiplierPct of [99, 0, 301, 400, 110, 250.5, Number.NaN]) {
      alerts([]).when(send({ multiplierPct })).thenThrows(ValidationError, M.multiplier);
    }
    for (const baseCents of [0, -1, 10.5, 100_000_001]) {
      alerts([]).when(send({ baseCents })).thenThrows(ValidationError, M.base);
    }
    alerts([])
      .when(send({ recipients: [] }))
      .thenThrows(ConflictError, M.nobodyNearby);
    alerts([])
      .when(send({ recipients: [customer] }))
      .thenThrows(ConflictError, M.nobodyNearby);
    alerts(sent()).when(send()).thenThrows(ConflictError, M.alreadySent);
  });

  it('prices any multiplier between 1x and 3x at most three times the base, never below it', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 100_000_000 }), fc.integer({ min: 0, max: 8 }), (baseCents, steps) => {
        const { priceCents, premiumCents } = urgentPrice(baseCents, 100 + steps * 25);
        expect(priceCents).toBeGreaterThanOrEqual(baseCents);
        expect(priceCents).toBeLessThanOrEqual(baseCents * 3);
        expect(priceCents - premiumCents).toBe(baseCents);
        expect(Number.isInteger(priceCents)).toBe(true);
      }),
    );
  });
});

describe('urgent alerts: accepting', () => {
  it('gives the job to the first recipient who accepts, at the premium price', () => {
    alerts(sent()).when(accept()).then([accepted()[1]!]);
  });

  it('refuses the second acceptance, a contractor it was not sent to, a free plan, and a lapsed alert', () => {
    alerts(accepted()).when(accept(second)).thenThrows(ConflictError, M.taken);
    alerts(sent()).when(accept('e0000000-0000-4000-8000-000000000009')).thenThrows(ForbiddenError, M.notForYou);
    alerts(sent())
      .when(accept(first, later(1), false))
      .thenThrows(ForbiddenError, M.paidPlanToAccept);
    alerts(sent())
      .when(accept(first, later(URGENT_ALERT_TTL_MS)))
      .thenThrows(ConflictError, M.expired);
    alerts([]).when(accept()).thenThrows(NotFoundError, M.notFound);
  });
});

describe('urgent alerts: cancelling', () => {
  const cancel = (actorId = customer) => ({ type: 'CancelUrgentAlert', alertId, actorId, now: later(5) }) as const;

  it('lets the customer cancel an open alert once, telling the recipients', () => {
    alerts(sent())
      .when(cancel())
      .then([
        {
          type: 'UrgentAlertCancelled',
          data: { alertId, customerId: customer, recipients: [first, second], cancelledAt: later(5).toISOString() },
        },
      ]);
    const cancelled = [
      ...sent(),
      ...urgentAlertDecider.decide(cancel(), urgentAlertDecider.evolve(urgentAlertDecider.initialState(), sent()[0]!)),
    ];
    alerts(cancelled).when(cancel()).then([]);
    alerts(cancelled).when(accept()).thenThrows(ConflictError, M.cancelled);
  });

  it('refuses anyone else, and an alert already accepted', () => {
    alerts(sent()).when(cancel(first)).thenThrows(ForbiddenError, M.onlyCustomerCancels);
    alerts(accepted()).when(cancel()).thenThrows(ConflictError, M.acceptedAlready);
  });
});

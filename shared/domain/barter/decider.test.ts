import { describe, it } from 'vitest';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import { deciderSpec } from '../testing.ts';
import { barterTradeDecider, type BarterOfferingFacts } from './decider.ts';
import type { BarterTerms, BarterTradeEvent } from './events.ts';
import { BARTER_MESSAGES as M } from './rules.ts';

const now = new Date('2026-11-24T15:00:00.000Z');
const at = now.toISOString();
const tradeId = '5b0c6a52-1f1e-4c1a-8a59-6d1f0a9e2b01';
const proposerId = '0a6d5f3e-3a21-4c40-9f63-2b7b8f1c9a01';
const recipientId = '9e3c1a7b-8d44-4f2e-b6a1-7c5d2e4f6a02';
const strangerId = '77777777-7777-4777-8777-777777777777';

const offering: BarterOfferingFacts = {
  offeringId: '3c2b1a00-0000-4000-8000-000000000003',
  contractorId: recipientId,
  title: 'Bookkeeping',
  isActive: true,
  acceptsBarter: true,
};
const terms: BarterTerms = {
  proposerGives: 'Two coats of paint in one bedroom',
  proposerHours: 6,
  recipientHours: 4,
  message: 'Weekends suit me.',
};
const parties = { tradeId, proposerId, recipientId };

const proposed: BarterTradeEvent = {
  type: 'BarterTradeProposed',
  data: { ...parties, offeringId: offering.offeringId, offeringTitle: 'Bookkeeping', terms, proposedAt: at },
};
const counterTerms: BarterTerms = { ...terms, proposerHours: 8, message: null };
const countered: BarterTradeEvent = {
  type: 'BarterTradeCountered',
  data: { ...parties, counteredBy: recipientId, terms: counterTerms, counteredAt: at },
};
const accepted = (by: string, t: BarterTerms = terms): BarterTradeEvent => ({
  type: 'BarterTradeAccepted',
  data: { ...parties, acceptedBy: by, terms: t, acceptedAt: at },
});
const marked = (by: string): BarterTradeEvent => ({
  type: 'BarterExchangeMarkedComplete',
  data: { ...parties, markedBy: by, markedAt: at },
});
const completed: BarterTradeEvent = { type: 'BarterTradeCompleted', data: { ...parties, completedAt: at } };

describe('barter trade decider', () => {
  const spec = deciderSpec(barterTradeDecider);

  it('proposes a trade for a service that accepts barter, with trimmed terms', () => {
    spec([])
      .when({
        type: 'ProposeBarterTrade',
        tradeId,
        proposerId,
        offering,
        terms: { ...terms, proposerGives: `  ${terms.proposerGives}  `, message: '  Weekends suit me.  ' },
        now,
      })
      .then([proposed]);
  });

  it('refuses a trade with oneself, and with a service that is paused or not open to barter', () => {
    spec([])
      .when({ type: 'ProposeBarterTrade', tradeId, proposerId: recipientId, offering, terms, now })
      .thenThrows(ConflictError, M.selfTrade);
    for (const facts of [
      { ...offering, isActive: false },
      { ...offering, acceptsBarter: false },
    ]) {
      spec([])
        .when({ type: 'ProposeBarterTrade', tradeId, proposerId, offering: facts, terms, now })
        .thenThrows(ConflictError, M.notBarter);
    }
  });

  it('checks the terms: description length, half-hour steps from 0.5 to 200, message length', () => {
    const bad: [Partial<BarterTerms>, string][] = [
      [{ proposerGives: 'short' }, M.gives],
      [{ proposerGives: 'x'.repeat(501) }, M.gives],
      [{ proposerHours: 0 }, M.hours],
      [{ recipientHours: 1.25 }, M.hours],
      [{ recipientHours: 200.5 }, M.hours],
      [{ proposerHours: Number.NaN }, M.hours],
      [{ message: 'x'.repeat(1001) }, M.message],
    ];
    for (const [change, message] of bad) {
      spec([])
        .when({ type: 'ProposeBarterTrade', tradeId, proposerId, offering, terms: { ...terms, ...change }, now })
        .thenThrows(ValidationError, message);
    }
  });

  it('lets only the side that did not write the current terms counter, accept or decline', () => {
    spec([proposed])
      .when({ type: 'CounterBarterTrade', actorId: recipientId, terms: counterTerms, now })
      .then([countered]);
    spec([proposed])
      .when({ type: 'AcceptBarterTrade', actorId: proposerId, now })
      .thenThrows(ConflictError, M.yourTurnNot);
    spec([proposed, countered])
      .when({ type: 'CounterBarterTrade', actorId: recipientId, terms, now })
      .thenThrows(ConflictError, M.yourTurnNot);
    spec([proposed])
      .when({ type: 'DeclineBarterTrade', actorId: recipientId, reason: '  Fully booked  ', now })
      .then([
        {
          type: 'BarterTradeDeclined',
          data: { ...parties, declinedBy: recipientId, reason: 'Fully booked', declinedAt: at },
        },
      ]);
  });

  it('refuses a counter-offer that changes nothing, and stops countering after 20 rounds', () => {
    spec([proposed])
      .when({ type: 'CounterBarterTrade', actorId: recipientId, terms: { ...terms, message: 'Same' }, now })
      .thenThrows(ValidationError, M.sameTerms);
    const rounds: BarterTradeEvent[] = [proposed];
    for (let i = 0; i < 20; i++) {
      const by = i % 2 === 0 ? recipientId : proposerId;
      rounds.push({
        type: 'BarterTradeCountered',
        data: { ...parties, counteredBy: by, terms: { ...terms, proposerHours: 1 + i }, counteredAt: at },
      });
    }
    spec(rounds)
      .when({ type: 'CounterBarterTrade', actorId: recipientId, terms: { ...terms, proposerHours: 99 }, now })
      .thenThrows(ConflictError, M.tooManyCounters);
    spec(rounds)
      .when({ type: 'AcceptBarterTrade', actorId: recipientId, now })
      .then([
        accepted(recipientId, { ...terms, proposerHours: 20 }),
        {
          type: 'BarterRelationshipRecorded',
          data: {
            tradeId,
            partyIds: [proposerId, recipientId],
            basis: 'barter',
            establishedAt: at,
            expiresAt: '2028-11-24T15:00:00.000Z',
          },
        },
      ]);
  });

  it('accepts the countered terms and records the CASL relationship for two years', () => {
    spec([proposed, countered])
      .when({ type: 'AcceptBarterTrade', actorId: proposerId, now })
      .then([
        accepted(proposerId, counterTerms),
        {
          type: 'BarterRelationshipRecorded',
          data: {
            tradeId,
            partyIds: [proposerId, recipientId],
            basis: 'barter',
            establishedAt: at,
            expiresAt: '2028-11-24T15:00:00.000Z',
          },
        },
      ]);
  });

  it('lets the author of the current terms withdraw them, and no one else', () => {
    spec([proposed])
      .when({ type: 'WithdrawBarterTrade', actorId: proposerId, now })
      .then([{ type: 'BarterTradeWithdrawn', data: { ...parties, withdrawnBy: proposerId, withdrawnAt: at } }]);
    spec([proposed])
      .when({ type: 'WithdrawBarterTrade', actorId: recipientId, now })
      .thenThrows(ConflictError, M.notYourOffer);
    spec([proposed, accepted(recipientId)])
      .when({ type: 'WithdrawBarterTrade', actorId: proposerId, now })
      .thenThrows(ConflictError, M.notNegotiating);
  });

  it('completes once both parties have marked the exchange, each once', () => {
    spec([proposed, accepted(recipientId)])
      .when({ type: 'MarkBarterExchangeComplete', actorId: proposerId, now })
      .then([marked(proposerId)]);
    spec([proposed, accepted(recipientId), marked(proposerId)])
      .when({ type: 'MarkBarterExchangeComplete', actorId: proposerId, now })
      .thenThrows(ConflictError, M.alreadyMarked);
    spec([proposed, accepted(recipientId), marked(proposerId)])
      .when({ type: 'MarkBarterExchangeComplete', actorId: recipientId, now })
      .then([marked(recipientId), completed]);
    spec([proposed])
      .when({ type: 'MarkBarterExchangeComplete', actorId: proposerId, now })
      .thenThrows(ConflictError, M.notAccepted);
  });

  it('refuses anyone but the two parties, and an unknown trade', () => {
    for (const command of [
      { type: 'AcceptBarterTrade' as const, actorId: strangerId, now },
      { type: 'MarkBarterExchangeComplete' as const, actorId: strangerId, now },
      { type: 'ReviewBarterTrade' as const, actorId: strangerId, rating: 5, comment: null, now },
    ]) {
      spec([proposed, accepted(recipientId), marked(proposerId), marked(recipientId), completed])
        .when(command)
        .thenThrows(ForbiddenError, M.notParty);
    }
    spec([]).when({ type: 'AcceptBarterTrade', actorId: recipientId, now }).thenThrows(NotFoundError, M.notFound);
  });

  it('takes one review from each side after completion, of the other side', () => {
    const done = [proposed, accepted(recipientId), marked(proposerId), marked(recipientId), completed];
    spec(done)
      .when({ type: 'ReviewBarterTrade', actorId: recipientId, rating: 5, comment: ' Tidy work ', now })
      .then([
        {
          type: 'BarterTradeReviewed',
          data: {
            ...parties,
            reviewerId: recipientId,
            revieweeId: proposerId,
            rating: 5,
            comment: 'Tidy work',
            reviewedAt: at,
          },
        },
      ]);
    const reviewed: BarterTradeEvent = {
      type: 'BarterTradeReviewed',
      data: { ...parties, reviewerId: recipientId, revieweeId: proposerId, rating: 5, comment: null, reviewedAt: at },
    };
    spec([...done, reviewed])
      .when({ type: 'ReviewBarterTrade', actorId: recipientId, rating: 4, comment: null, now })
      .thenThrows(ConflictError, M.alreadyReviewed);
    for (const rating of [0, 6, 4.5]) {
      spec(done)
        .when({ type: 'ReviewBarterTrade', actorId: proposerId, rating, comment: null, now })
        .thenThrows(ValidationError, M.rating);
    }
    spec([proposed, accepted(recipientId)])
      .when({ type: 'ReviewBarterTrade', actorId: proposerId, rating: 5, comment: null, now })
      .thenThrows(ConflictError, M.notCompleted);
  });

  it('answers nothing once declined or withdrawn', () => {
    const declined: BarterTradeEvent = {
      type: 'BarterTradeDeclined',
      data: { ...parties, declinedBy: recipientId, reason: null, declinedAt: at },
    };
    spec([proposed, declined])
      .when({ type: 'AcceptBarterTrade', actorId: recipientId, now })
      .thenThrows(ConflictError, M.notNegotiating);
    spec([proposed, { type: 'BarterTradeWithdrawn', data: { ...parties, withdrawnBy: proposerId, withdrawnAt: at } }])
      .when({ type: 'CounterBarterTrade', actorId: recipientId, terms: counterTerms, now })
      .thenThrows(ConflictError, M.notNegotiating);
  });
});

import { barterTradeEventSchemas } from './events.ts';
import { DateTime } from 'luxon';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '../../errors.ts';
import type { Decider } from '../decider.ts';
import type { BarterTerms, BarterTradeEvent } from './events.ts';
import { BARTER_LIMITS as L, BARTER_MESSAGES as M, BARTER_RELATIONSHIP_YEARS, isHalfHourStep } from './rules.ts';

type Parties = { tradeId: string; proposerId: string; recipientId: string };

export type BarterTradeState =
  | { status: 'none' }
  | (Parties & {
      status: 'negotiating';
      terms: BarterTerms;
      /** Who wrote the current terms: the other side answers them. */
      termsBy: string;
      counters: number;
    })
  | (Parties & { status: 'declined' | 'withdrawn'; terms: BarterTerms })
  | (Parties & { status: 'accepted'; terms: BarterTerms; markedBy: string[] })
  | (Parties & { status: 'completed'; terms: BarterTerms; reviewedBy: string[] });

/** The offering asked for, as the route read it from the read model. */
export type BarterOfferingFacts = {
  offeringId: string;
  contractorId: string;
  title: string;
  isActive: boolean;
  acceptsBarter: boolean;
};

export type ProposeBarterTrade = {
  type: 'ProposeBarterTrade';
  tradeId: string;
  proposerId: string;
  offering: BarterOfferingFacts;
  terms: BarterTerms;
  now: Date;
};
export type CounterBarterTrade = { type: 'CounterBarterTrade'; actorId: string; terms: BarterTerms; now: Date };
export type AcceptBarterTrade = { type: 'AcceptBarterTrade'; actorId: string; now: Date };
export type DeclineBarterTrade = { type: 'DeclineBarterTrade'; actorId: string; reason: string | null; now: Date };
export type WithdrawBarterTrade = { type: 'WithdrawBarterTrade'; actorId: string; now: Date };
export type MarkBarterExchangeComplete = { type: 'MarkBarterExchangeComplete'; actorId: string; now: Date };
export type ReviewBarterTrade = {
  type: 'ReviewBarterTrade';
  actorId: string;
  rating: number;
  comment: string | null;
  now: Date;
};

export type BarterTradeCommand =
  | ProposeBarterTrade
  | CounterBarterTrade
  | AcceptBarterTrade
  | DeclineBarterTrade
  | WithdrawBarterTrade
  | MarkBarterExchangeComplete
  | ReviewBarterTrade;

const textOrNull = (value: string | null) => (value === null ? null : value.trim() || null);

/** Trims and checks one round of terms; the decider trusts nothing the route passed. */
export function checkedTerms(terms: BarterTerms): BarterTerms {
  const gives = terms.proposerGives.trim();
  if (gives.length < L.givesMin || gives.length > L.givesMax) throw new ValidationError(M.gives);
  if (!isHalfHourStep(terms.proposerHours) || !isHalfHourStep(terms.recipientHours)) {
    throw new ValidationError(M.hours);
  }
  const message = textOrNull(terms.message);
  if (message !== null && message.length > L.messageMax) throw new ValidationError(M.message);
  return { proposerGives: gives, proposerHours: terms.proposerHours, recipientHours: terms.recipientHours, message };
}

const sameTerms = (a: BarterTerms, b: BarterTerms) =>
  a.proposerGives === b.proposerGives && a.proposerHours === b.proposerHours && a.recipientHours === b.recipientHours;

function existing(state: BarterTradeState, actorId: string): Exclude<BarterTradeState, { status: 'none' }> {
  if (state.status === 'none') throw new NotFoundError(M.notFound);
  if (actorId !== state.proposerId && actorId !== state.recipientId) throw new ForbiddenError(M.notParty);
  return state;
}

/** The negotiation, when the actor is the side that answers the current terms. */
function answering(state: BarterTradeState, actorId: string) {
  const trade = existing(state, actorId);
  if (trade.status !== 'negotiating') throw new ConflictError(M.notNegotiating);
  if (trade.termsBy === actorId) throw new ConflictError(M.yourTurnNot);
  return trade;
}

const partiesOf = (s: Parties): Parties => ({
  tradeId: s.tradeId,
  proposerId: s.proposerId,
  recipientId: s.recipientId,
});

export function decideBarterTrade(command: BarterTradeCommand, state: BarterTradeState): BarterTradeEvent[] {
  const at = command.now.toISOString();
  switch (command.type) {
    case 'ProposeBarterTrade': {
      if (state.status !== 'none') throw new ConflictError('This barter trade already exists.');
      const { offering } = command;
      if (offering.contractorId === command.proposerId) throw new ConflictError(M.selfTrade);
      if (!offering.isActive || !offering.acceptsBarter) throw new ConflictError(M.notBarter);
      return [
        {
          type: 'BarterTradeProposed',
          data: {
            tradeId: command.tradeId,
            proposerId: command.proposerId,
            recipientId: offering.contractorId,
            offeringId: offering.offeringId,
            offeringTitle: offering.title,
            terms: checkedTerms(command.terms),
            proposedAt: at,
          },
        },
      ];
    }
    case 'CounterBarterTrade': {
      const trade = answering(state, command.actorId);
      if (trade.counters >= L.maxCounters) throw new ConflictError(M.tooManyCounters);
      const terms = checkedTerms(command.terms);
      if (sameTerms(terms, trade.terms)) throw new ValidationError(M.sameTerms);
      return [
        {
          type: 'BarterTradeCountered',
          data: { ...partiesOf(trade), counteredBy: command.actorId, terms, counteredAt: at },
        },
      ];
    }
    case 'AcceptBarterTrade': {
      const trade = answering(state, command.actorId);
      const expiresAt = DateTime.fromJSDate(command.now, { zone: 'utc' })
        .plus({ years: BARTER_RELATIONSHIP_YEARS })
        .toISO()!;
      return [
        {
          type: 'BarterTradeAccepted',
          data: { ...partiesOf(trade), acceptedBy: command.actorId, terms: trade.terms, acceptedAt: at },
        },
        {
          type: 'BarterRelationshipRecorded',
          data: {
            tradeId: trade.tradeId,
            partyIds: [trade.proposerId, trade.recipientId],
            basis: 'barter',
            establishedAt: at,
            expiresAt,
          },
        },
      ];
    }
    case 'DeclineBarterTrade': {
      const trade = answering(state, command.actorId);
      const reason = textOrNull(command.reason);
      if (reason !== null && reason.length > L.reasonMax) throw new ValidationError(M.reason);
      return [
        {
          type: 'BarterTradeDeclined',
          data: { ...partiesOf(trade), declinedBy: command.actorId, reason, declinedAt: at },
        },
      ];
    }
    case 'WithdrawBarterTrade': {
      const trade = existing(state, command.actorId);
      if (trade.status !== 'negotiating') throw new ConflictError(M.notNegotiating);
      if (trade.termsBy !== command.actorId) throw new ConflictError(M.notYourOffer);
      return [
        { type: 'BarterTradeWithdrawn', data: { ...partiesOf(trade), withdrawnBy: command.actorId, withdrawnAt: at } },
      ];
    }
    case 'MarkBarterExchangeComplete': {
      const trade = existing(state, command.actorId);
      if (trade.status !== 'accepted') throw new ConflictError(M.notAccepted);
      if (trade.markedBy.includes(command.actorId)) throw new ConflictError(M.alreadyMarked);
      const marked: BarterTradeEvent = {
        type: 'BarterExchangeMarkedComplete',
        data: { ...partiesOf(trade), markedBy: command.actorId, markedAt: at },
      };
      // The second side's mark completes the trade in the same append.
      return trade.markedBy.length === 0
        ? [marked]
        : [marked, { type: 'BarterTradeCompleted', data: { ...partiesOf(trade), completedAt: at } }];
    }
    case 'ReviewBarterTrade': {
      const trade = existing(state, command.actorId);
      if (trade.status !== 'completed') throw new ConflictError(M.notCompleted);
      if (trade.reviewedBy.includes(command.actorId)) throw new ConflictError(M.alreadyReviewed);
      if (!Number.isInteger(command.rating) || command.rating < 1 || command.rating > 5) {
        throw new ValidationError(M.rating);
      }
      const comment = textOrNull(command.comment);
      if (comment !== null && comment.length > L.commentMax) throw new ValidationError(M.comment);
      const revieweeId = command.actorId === trade.proposerId ? trade.recipientId : trade.proposerId;
      return [
        {
          type: 'BarterTradeReviewed',
          data: {
            ...partiesOf(trade),
            reviewerId: command.actorId,
            revieweeId,
            rating: command.rating,
            comment,
            reviewedAt: at,
          },
        },
      ];
    }
    default: {
      const unknown: never = command;
      throw new Error(`Unknown command ${String((unknown as { type: unknown }).type)}`);
    }
  }
}

export function evolveBarterTrade(state: BarterTradeState, event: BarterTradeEvent): BarterTradeState {
  switch (event.type) {
    case 'BarterTradeProposed': {
      const d = event.data;
      return {
        status: 'negotiating',
        tradeId: d.tradeId,
        proposerId: d.proposerId,
        recipientId: d.recipientId,
        terms: d.terms,
        termsBy: d.proposerId,
        counters: 0,
      };
    }
    case 'BarterTradeCountered':
      if (state.status !== 'negotiating') return state;
      return { ...state, terms: event.data.terms, termsBy: event.data.counteredBy, counters: state.counters + 1 };
    case 'BarterTradeAccepted':
      if (state.status === 'none') return state;
      return { ...partiesOf(state), status: 'accepted', terms: event.data.terms, markedBy: [] };
    case 'BarterTradeDeclined':
    case 'BarterTradeWithdrawn':
      if (state.status === 'none') return state;
      return {
        ...partiesOf(state),
        status: event.type === 'BarterTradeDeclined' ? 'declined' : 'withdrawn',
        terms: state.terms,
      };
    case 'BarterExchangeMarkedComplete':
      if (state.status !== 'accepted') return state;
      return { ...state, markedBy: [...state.markedBy, event.data.markedBy] };
    case 'BarterTradeCompleted':
      if (state.status === 'none') return state;
      return { ...partiesOf(state), status: 'completed', terms: state.terms, reviewedBy: [] };
    case 'BarterTradeReviewed':
      if (state.status !== 'completed') return state;
      return { ...state, reviewedBy: [...state.reviewedBy, event.data.reviewerId] };
    case 'BarterRelationshipRecorded':
      return state;
    default:
      return state;
  }
}

export const barterTradeDecider: Decider<BarterTradeState, BarterTradeCommand, BarterTradeEvent> = {
  eventSchemas: barterTradeEventSchemas,
  initialState: () => ({ status: 'none' }),
  evolve: evolveBarterTrade,
  decide: decideBarterTrade,
};

import { barterTradeEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { draftMaker, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import type { BarterTradeEvent } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

/** Where a trade is answered: the trade list on /platform. */
export const BARTER_TRADES_URL = '/platform#barter-trades';

/**
 * Barter: a proposal, a counter-offer, an acceptance, a decline, a withdrawal and a mark of
 * completion each tell the other side; the completion tells both (each may now review).
 */
export const barterNotifications: NotificationSource = {
  types: [
    'BarterTradeProposed',
    'BarterTradeCountered',
    'BarterTradeAccepted',
    'BarterTradeDeclined',
    'BarterTradeWithdrawn',
    'BarterExchangeMarkedComplete',
    'BarterTradeCompleted',
  ],
  notificationsFor(recorded: RecordedEvent): NotificationDraft[] {
    const event = asHandledEvent<BarterTradeEvent>(recorded, barterTradeEventSchemas);
    const note = draftMaker(recorded, BARTER_TRADES_URL);
    if (event.type === 'BarterRelationshipRecorded' || event.type === 'BarterTradeReviewed') return [];
    const d = event.data;
    const other = (actorId: string) => (actorId === d.proposerId ? d.recipientId : d.proposerId);
    switch (event.type) {
      case 'BarterTradeProposed':
        return [note(d.recipientId, 'barter.proposed', 'booking_request', 'high', event.data.proposedAt)];
      case 'BarterTradeCountered':
        return [
          note(other(event.data.counteredBy), 'barter.countered', 'booking_update', 'high', event.data.counteredAt),
        ];
      case 'BarterTradeAccepted':
        return [
          note(
            other(event.data.acceptedBy),
            'barter.accepted',
            'booking_confirmation',
            'normal',
            event.data.acceptedAt,
          ),
        ];
      case 'BarterTradeDeclined':
        return [
          note(other(event.data.declinedBy), 'barter.declined', 'booking_update', 'normal', event.data.declinedAt),
        ];
      case 'BarterTradeWithdrawn':
        return [
          note(other(event.data.withdrawnBy), 'barter.withdrawn', 'booking_update', 'normal', event.data.withdrawnAt),
        ];
      case 'BarterExchangeMarkedComplete':
        return [note(other(event.data.markedBy), 'barter.marked', 'booking_update', 'normal', event.data.markedAt)];
      case 'BarterTradeCompleted':
        return [d.proposerId, d.recipientId].map((id) =>
          note(id, 'barter.completed', 'booking_update', 'normal', event.data.completedAt),
        );
      default:
        return [];
    }
  },
};

import { timeProposalEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { draftMaker, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import { proposalActionUrl, type TimeProposalEvent } from './time-proposals.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

/** The contractor is told (high priority), with the earliest proposed time. */
export const timeProposalNotifications: NotificationSource = {
  types: ['TimesProposed'],
  notificationsFor(recorded: RecordedEvent): NotificationDraft[] {
    const event = asHandledEvent<TimeProposalEvent>(recorded, timeProposalEventSchemas);
    if (event.type !== 'TimesProposed') return [];
    const { contractorId, workOrderId, times, proposedAt } = event.data;
    const draft = draftMaker(recorded, proposalActionUrl(workOrderId));
    return [
      draft(contractorId, 'booking.timesProposed', 'booking_request', 'high', proposedAt, {
        startsAt: times[0],
        values: { count: times.length },
      }),
    ];
  },
};

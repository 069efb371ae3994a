import { planEventSchemas } from './events.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { notificationIdFor, type NotificationSource } from '../notifications/draft.ts';
import type { NotificationDraft } from '../notifications/types.ts';
import type { PlanEvent } from './events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';

export const SUBSCRIPTIONS_URL = '/subscriptions';

/**
 * Plans: a renewal, a declined renewal (with the retry) and the end of a plan each tell the
 * account holder, who can act on /subscriptions. A purchase, a cancellation and a resume tell
 * nobody: the person did it themselves and saw the answer.
 */
export const planNotifications: NotificationSource = {
  types: ['PlanRenewed', 'PlanPaymentFailed', 'PlanEnded'],
  notificationsFor(event: RecordedEvent): NotificationDraft[] {
    const domain = asHandledEvent<PlanEvent>(event, planEventSchemas);
    const note = (accountId: string, key: string, priority: 'high' | 'normal', at: string, values = {}) => [
      {
        notificationId: notificationIdFor(event.id, key, accountId),
        userId: accountId,
        type: 'system' as const,
        priority,
        titleKey: `${key}.title`,
        messageKey: `${key}.message`,
        values,
        actionUrl: SUBSCRIPTIONS_URL,
        bookingStartTime: null,
        createdAt: at,
      },
    ];
    switch (domain.type) {
      case 'PlanRenewed':
        return note(domain.data.accountId, 'plans.renewed', 'normal', domain.data.renewedAt, {
          period: domain.data.period,
        });
      case 'PlanPaymentFailed':
        // A failed purchase was answered on the spot; a last failed renewal is told by PlanEnded.
        if (domain.data.attempt !== 'renewal' || domain.data.retryAt === null) return [];
        return note(domain.data.accountId, 'plans.renewalFailed', 'high', domain.data.failedAt, {
          last4: domain.data.cardLast4,
        });
      case 'PlanEnded':
        return domain.data.reason === 'payment-failed'
          ? note(domain.data.accountId, 'plans.endedUnpaid', 'high', domain.data.endedAt)
          : note(domain.data.accountId, 'plans.ended', 'normal', domain.data.endedAt);
      default:
        return [];
    }
  },
};

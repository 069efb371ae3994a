import { accountEventSchemas } from '../accounts/events.ts';
import type { AccountEvent, Role } from '../accounts/events.ts';
import { asHandledEvent } from '../../eventstore/typed.ts';
import type { RecordedEvent } from '../../eventstore/types.ts';
import { reviewNotifications } from '../reviews/notifications.ts';
import { bookingNotifications } from '../booking/notifications.ts';
import type { NotificationDraft } from './types.ts';
import { notificationIdFor, type NotificationSource } from './draft.ts';
import { workNotifications } from '../work/notifications.ts';
import { moneyNotifications } from '../escrow/notifications.ts';
import { disputeNotifications } from '../disputes/notifications.ts';
import { planNotifications } from '../plans/notifications.ts';
import { urgentNotifications } from '../urgent/notifications.ts';
import { credentialNotifications } from '../credentials/notifications.ts';
import { recurringNotifications } from '../recurring/notifications.ts';
import { barterNotifications } from '../barter/notifications.ts';
import { timeProposalNotifications } from '../booking/time-proposal-notifications.ts';

/** Where a user lands from their welcome notification: their own starting page. */
export const WELCOME_ACTION_URL: Record<Role, string> = {
  contractor: '/contractor-dashboard',
  customer: '/platform',
  admin: '/admin-dashboard',
};

/** Accounts: a welcome for every new account. */
export const accountNotifications: NotificationSource = {
  types: ['AccountRegistered'],
  notificationsFor(event) {
    const domain = asHandledEvent<AccountEvent>(event, accountEventSchemas);
    if (domain.type !== 'AccountRegistered') return [];
    const { accountId, role, registeredAt } = domain.data;
    return [
      {
        notificationId: notificationIdFor(event.id, 'welcome', accountId),
        userId: accountId,
        type: 'system',
        priority: 'normal',
        titleKey: 'welcome.title',
        messageKey: `welcome.message.${role}`,
        values: {},
        actionUrl: WELCOME_ACTION_URL[role],
        bookingStartTime: null,
        createdAt: registeredAt,
      },
    ];
  },
};

/**
 * Every module that notifies. Each case names the recipients, the type, the priority, the message
 * keys (see messages.ts) and the values those messages need — ids and times, never personal data.
 */
const sources: readonly NotificationSource[] = [
  accountNotifications,
  workNotifications,
  bookingNotifications,
  reviewNotifications,
  moneyNotifications,
  disputeNotifications,
  planNotifications,
  urgentNotifications,
  credentialNotifications,
  recurringNotifications,
  barterNotifications,
  timeProposalNotifications,
];

/**
 * The one mapping from domain events to notifications (docs/product.md#notifications), shared by the in-app
 * notifications projection and the e-mail outbox. Pure: everything comes from the recorded event.
 */
export function notificationsFor(event: RecordedEvent): readonly NotificationDraft[] {
  // Both read models that notify (the notifications and the e-mail outbox, which asks twice: for
  // the rows to load and for the fold) get the same event object from one batch: the drafts are
  // made once per event, and frozen, since every caller then shares them.
  let drafts = draftsOf.get(event);
  if (drafts === undefined) {
    drafts = deepFreeze((sourcesByType.get(event.type) ?? []).flatMap((source) => source.notificationsFor(event)));
    draftsOf.set(event, drafts);
  }
  return drafts;
}

const draftsOf = new WeakMap<RecordedEvent, readonly NotificationDraft[]>();

const sourcesByType = new Map<string, NotificationSource[]>();
for (const source of sources) {
  for (const type of new Set(source.types)) sourcesByType.set(type, [...(sourcesByType.get(type) ?? []), source]);
}

function deepFreeze(drafts: NotificationDraft[]): readonly NotificationDraft[] {
  for (const draft of drafts) Object.freeze(Object.freeze(draft).values);
  return Object.freeze(drafts);
}

/** The event types `notificationsFor` may answer for (the projection's `handles`). */
export const NOTIFYING_EVENT_TYPES: readonly string[] = [...new Set(sources.flatMap((source) => source.types))];

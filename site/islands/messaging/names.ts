import { format } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/locales.ts';
import type { ConversationMessages } from '../../i18n/messages/messaging.ts';
import { formatBookingTime } from '../notifications/format.ts';
import type { Conversation } from './api.ts';

/** What a conversation is about, as its header and the list say it. */
export function subjectLine(conversation: Conversation, m: ConversationMessages, locale: Locale): string {
  const { subject } = conversation;
  if (subject.kind === 'booking') {
    return subject.startsAt
      ? format(m.bookingSubject, { date: formatBookingTime(subject.startsAt, locale) })
      : m.bookingSubjectNoDate;
  }
  return subject.title ? format(m.workOrderSubject, { title: subject.title }) : m.workOrderSubjectNoTitle;
}

export function displayName(name: string, m: ConversationMessages): string {
  return name === 'Former member' ? m.formerMember : name;
}

import { htmlLang, type Locale } from '../../i18n/locales.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { conversationMessages } from '../../i18n/messages/messaging.ts';
import { formatTimestamp } from '../notifications/format.ts';
import type { Message } from './api.ts';
import { displayName } from './names.ts';

/** A thread's messages, oldest first: mine on the right, each with its sender and time. */
export function MessageList({ messages, locale }: { messages: Message[]; locale: Locale }) {
  const m = conversationMessages[locale];
  const now = new Date();
  return (
    <ol className="space-y-3">
      {messages.map((message) => (
        <li
          key={message.id}
          data-testid="message"
          data-mine={message.mine}
          className={`flex flex-col ${message.mine ? 'items-end' : 'items-start'}`}
        >
          <div className={`max-w-[85%] rounded-2xl px-3 py-2 ${message.mine ? 'bg-accent/15' : 'bg-surface-2'}`}>
            <p className="whitespace-pre-wrap break-words text-sm">{message.body}</p>
          </div>
          <p className="mt-1 text-xs text-muted">
            <span>{message.mine ? m.you : displayName(message.senderName, m)}</span>
            {' · '}
            <time
              dateTime={message.postedAt}
              title={dateTimeFormat(htmlLang[locale], { dateStyle: 'long', timeStyle: 'medium' }).format(
                new Date(message.postedAt),
              )}
            >
              {formatTimestamp(message.postedAt, now, locale, m.yesterday)}
            </time>
          </p>
        </li>
      ))}
    </ol>
  );
}

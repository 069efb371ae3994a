import { format } from '../i18n/index.ts';
import type { Locale } from '../i18n/locales.ts';
import { uploadRefusalMessages } from '../i18n/messages/uploads.ts';
import { tooLargeMessage, type FileKind } from '../../shared/uploads/file-types.ts';

type Key = keyof typeof uploadRefusalMessages.en;

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Each English template as a pattern whose `{name}` placeholders capture their values. */
const patterns = (Object.entries(uploadRefusalMessages.en) as [Key, string][]).map(([key, template]) => ({
  key,
  pattern: new RegExp(`^${escape(template).replace(/\\\{(\w+)\\\}/g, '(?<$1>.+?)')}$`),
}));

/** A number the way the page's language writes it ('2.5' is '2,5' in French). */
const localNumber = (value: string, locale: Locale) => (locale === 'fr' ? value.replace('.', ',') : value);

/**
 * An upload refusal from the API in the page's language: recognised by its English template, its
 * values (a size limit) carried over. Any other message comes back as it is.
 */
export function localizeUploadRefusal(message: string, locale: Locale): string {
  if (locale === 'en') return message;
  for (const { key, pattern } of patterns) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(
      Object.entries(match.groups ?? {}).map(([name, value]) => [name, localNumber(value, locale)]),
    );
    return format(uploadRefusalMessages[locale][key], values);
  }
  return message;
}

/** What the API would answer for a file of this kind over its limit, in the page's language. */
export const tooLargeRefusal = (kind: FileKind, maxBytes: number, locale: Locale) =>
  localizeUploadRefusal(tooLargeMessage(kind, maxBytes), locale);

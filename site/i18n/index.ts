import type { Locale } from './locales.ts';

export * from './locales.ts';

/** A feature's messages in both languages; the French set must have exactly the English keys. */
export type Messages<T extends Record<string, string>> = { en: T; fr: { [K in keyof T]: string } };

export function defineMessages<T extends Record<string, string>>(messages: Messages<T>): Messages<T> {
  return messages;
}

/** Replaces `{name}` placeholders. */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}

export function pick<T extends Record<string, string>>(messages: Messages<T>, locale: Locale): T {
  return messages[locale] as T;
}

import type { Locale } from './locales.ts';

/**
 * What goes between a label and its value. French puts a space before the colon; a no-break one,
 * so the colon never starts a line of its own ("Empreinte : 3f…", "Hash: 3f…").
 */
export function colon(locale: Locale): string {
  return locale === 'fr' ? '\u00a0: ' : ': ';
}

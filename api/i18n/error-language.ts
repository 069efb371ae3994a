import { ERROR_FRAGMENTS_FR, ERRORS_FR } from './errors-fr.ts';

/**
 * Error answers in the visitor's language (docs/decisions.md, "Error answers in French"). The code
 * throws and sends English; one onSend hook (plugins/error-language.ts) swaps the `error` text for
 * its fr-CA version from the catalogue, keyed by the English text. Texts built from a template
 * (`The ${what} id is not valid`) are keyed by their pattern, `{0}`, `{1}`… (or `{name}`) where the
 * template's values go; a value that is itself a known text (a plan's wording) is translated too.
 */
export type ErrorLocale = 'en' | 'fr';

export const LOCALE_COOKIE = 'lang';

/** The first language of an Accept-Language header, by weight, that the site speaks; else null. */
export function localeOfAcceptLanguage(header: string | undefined): ErrorLocale | null {
  if (!header) return null;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { language: tag.trim().toLowerCase().split('-')[0], weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((range) => range.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  for (const range of ranges) {
    if (range.language === 'fr' || range.language === 'en') return range.language;
  }
  return null;
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return null;
}

/**
 * The site sends the page's language as Accept-Language (site/lib/api.ts), so the page wins; the
 * `lang` cookie (the visitor's choice) answers for a client that sends no language the site speaks.
 */
export function requestLocale(headers: { 'accept-language'?: string; cookie?: string }): ErrorLocale {
  const fromHeader = localeOfAcceptLanguage(headers['accept-language']);
  if (fromHeader) return fromHeader;
  return cookieValue(headers.cookie, LOCALE_COOKIE) === 'fr' ? 'fr' : 'en';
}

type Pattern = { regex: RegExp; names: string[]; french: string; literal: number };

const PLACEHOLDER = /\{(\w+)\}/g;

function compile(catalogue: Record<string, string>): { exact: Map<string, string>; patterns: Pattern[] } {
  const exact = new Map<string, string>();
  const patterns: Pattern[] = [];
  for (const [english, french] of Object.entries(catalogue)) {
    exact.set(english, french);
    const names = [...english.matchAll(PLACEHOLDER)].map((match) => match[1]!);
    if (names.length === 0) continue;
    const source = english
      .split(PLACEHOLDER)
      .map((piece, index) => (index % 2 === 1 ? '(.*?)' : piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    patterns.push({
      regex: new RegExp(`^${source}$`, 's'),
      names,
      french,
      literal: english.replace(PLACEHOLDER, '').length,
    });
  }
  // The most specific pattern first: 'The barter trade id is not valid' before 'The {0} id is not valid'.
  patterns.sort((a, b) => b.literal - a.literal);
  return { exact, patterns };
}

const WHOLE = compile(ERRORS_FR);
const FRAGMENTS = compile({ ...ERROR_FRAGMENTS_FR, ...ERRORS_FR });

function lookup(text: string, table: ReturnType<typeof compile>, depth: number): string | null {
  const exact = table.exact.get(text);
  if (exact !== undefined) return exact;
  for (const pattern of table.patterns) {
    const match = pattern.regex.exec(text);
    if (!match) continue;
    const values = new Map<string, string>();
    pattern.names.forEach((name, index) => {
      const value = match[index + 1] ?? '';
      const translated = depth < 2 && value ? lookup(value, FRAGMENTS, depth + 1) : null;
      values.set(name, translated ?? value);
    });
    return pattern.french.replace(PLACEHOLDER, (whole, name: string) => values.get(name) ?? whole);
  }
  return null;
}

/**
 * French written where the error was made, for a text no catalogue can hold: zod's default
 * messages, built from the field and the value received (plugins/errors.ts), in zod's fr-CA words.
 */
const frenchOfReply = new WeakMap<object, string>();

export function setFrenchAnswer(reply: object, french: string) {
  frenchOfReply.set(reply, french);
}

export function frenchAnswer(reply: object): string | undefined {
  return frenchOfReply.get(reply);
}

/** The text in `locale`; English, and any text the catalogue does not know, as it is. */
export function translateError(message: string, locale: ErrorLocale): string {
  if (locale === 'en') return message;
  return lookup(message, WHOLE, 0) ?? message;
}

/** Whether the catalogue has a French text for `message` (exactly or by a pattern). */
export function hasFrench(message: string): boolean {
  return lookup(message, WHOLE, 0) !== null;
}

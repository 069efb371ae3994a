/**
 * Shared `Intl` formatters. Building an `Intl.NumberFormat` or `Intl.DateTimeFormat` loads and
 * resolves locale data, and costs far more than formatting with one: profiled on `/contractors`,
 * a formatter built per option of a select and per result card was the page's most expensive
 * script under mobile CPU throttling. Every formatter is therefore built once per language and
 * options, and reused; lint forbids `new Intl.*` and `toLocaleString(…)` elsewhere in the site.
 *
 * Keys are the language tag and the options as JSON: call sites pass literal option objects, so the
 * number of formatters stays bounded by the call sites (times languages and time zones).
 */
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, lang: string, options: object, build: () => F): F {
  const key = `${lang}|${JSON.stringify(options)}`;
  let found = cache.get(key);
  if (!found) {
    found = build();
    cache.set(key, found);
  }
  return found;
}

/** `new Intl.NumberFormat(lang, options)`, built once. */
export function numberFormat(lang: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, lang, options, () => new Intl.NumberFormat(lang, options));
}

/** `new Intl.DateTimeFormat(lang, options)`, built once. */
export function dateTimeFormat(lang: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateTimeFormats, lang, options, () => new Intl.DateTimeFormat(lang, options));
}

const pluralRulesCache = new Map<string, Intl.PluralRules>();

/** `new Intl.PluralRules(lang, options)`, built once (site/i18n/plural.ts picks counts' words with it). */
export function pluralRules(lang: string, options: Intl.PluralRulesOptions = {}): Intl.PluralRules {
  return cached(pluralRulesCache, lang, options, () => new Intl.PluralRules(lang, options));
}

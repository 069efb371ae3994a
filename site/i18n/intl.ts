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

/**
 * Node's ICU puts narrow and thin spaces in some dates and ranges ("2:00\u202Fp.m.",
 * "12 h 00\u2009–\u200914 h 00") where Chromium's has plain ones, and a page rendered on the
 * server must read the same in the browser, or React throws the server's text away (error #418).
 * Both are written with plain spaces.
 */
const UNEVEN_SPACES = /[\u202F\u2009]/g;

class DateTimeFormatInPlainSpaces extends Intl.DateTimeFormat {
  override format(date?: Date | number): string {
    return super.format(date).replace(UNEVEN_SPACES, ' ');
  }
  override formatRange(start: Date | number | bigint, end: Date | number | bigint): string {
    return super.formatRange(start, end).replace(UNEVEN_SPACES, ' ');
  }
}

/** `new Intl.DateTimeFormat(lang, options)`, built once, its text the same on the server and in the browser. */
export function dateTimeFormat(lang: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(dateTimeFormats, lang, options, () => new DateTimeFormatInPlainSpaces(lang, options));
}

const pluralRulesCache = new Map<string, Intl.PluralRules>();

/** `new Intl.PluralRules(lang, options)`, built once (site/i18n/plural.ts picks counts' words with it). */
export function pluralRules(lang: string, options: Intl.PluralRulesOptions = {}): Intl.PluralRules {
  return cached(pluralRulesCache, lang, options, () => new Intl.PluralRules(lang, options));
}

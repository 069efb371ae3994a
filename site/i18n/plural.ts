import { format } from './index.ts';
import { pluralRules } from './intl.ts';
import { htmlLang, type Locale } from './locales.ts';

/**
 * The one way a count picks its words: the locale's plural rules (Intl.PluralRules), not `n === 1`.
 * English says "0 discussions" and "1 discussion"; fr-CA puts 0 and 1 (and 1,5) in the singular:
 * "0 discussion", "1,5 heure". Both forms get the count as `{n}` and `{count}`, and `values` for
 * anything else (a formatted number in place of the raw count, say).
 */
export function plural(
  locale: Locale,
  count: number,
  forms: { one: string; other: string },
  values: Record<string, string | number> = {},
): string {
  const form = pluralRules(htmlLang[locale]).select(count) === 'one' ? forms.one : forms.other;
  return format(form, { n: count, count, ...values });
}

/**
 * What the legal pages share beyond their prose: which pages exist, the values their Markdown
 * quotes, and the fee tier table. The Markdown writes `{{name}}` where a value belongs, so a price,
 * an age or a storage key is stated once in code and every policy follows it. A block marker (a
 * paragraph holding only `{{block:fee-tiers}}`) is where the layout renders a table.
 */
import { FEE_TIERS, type FeeTier } from '../../shared/domain/fees/tiers.ts';
import { BOOSTS, PLANS, type BoostId } from '../../shared/domain/plans/catalogue.ts';
import { MINIMUM_AGE, MINIMUM_PAID_AGE } from '../../shared/domain/accounts/age.ts';
import { RETENTION } from '../../shared/personal-data/retention.ts';
import { format } from '../i18n/index.ts';
import { htmlLang, LOCALE_COOKIE, localizePath, type Locale } from '../i18n/locales.ts';
import { commonMessages } from '../i18n/messages/common.ts';
import { legalMessages } from '../i18n/messages/legal.ts';
import { formatPercent, formatPrice } from '../i18n/money.ts';
import { ACCENT_KEY, THEME_KEY } from '../stores/accent.ts';
import { CARRY_OVER_KEY } from '../stores/toasts.ts';
import { DISMISSED_ANNOUNCEMENTS_KEY, SNOOZED_ANNOUNCEMENTS_KEY } from '../islands/announcements/keys.ts';
import { UPDATE_SPLASH_FLAG } from '../islands/announcements/splash.ts';
import { RETURN_TO_KEY } from '../islands/guard/destination.ts';
import { LOCALE_STORAGE_KEY } from '../islands/shell/locale-choice.ts';
import { dateTimeFormat } from '../i18n/intl.ts';

type LegalMessageKey = keyof (typeof legalMessages)['en'];

export type LegalPageDefinition = {
  id: 'privacy-policy' | 'terms-of-service' | 'cookie-policy' | 'refund-policy';
  path: string;
  title: LegalMessageKey;
  description: LegalMessageKey;
  summary: readonly LegalMessageKey[];
};

/** In the footer's order (site/islands/shell/nav.ts). */
export const LEGAL_PAGES: readonly LegalPageDefinition[] = [
  {
    id: 'privacy-policy',
    path: '/privacy-policy',
    title: 'privacyTitle',
    description: 'privacyDescription',
    summary: ['privacySummary1', 'privacySummary2', 'privacySummary3', 'privacySummary4'],
  },
  {
    id: 'terms-of-service',
    path: '/terms-of-service',
    title: 'termsTitle',
    description: 'termsDescription',
    summary: ['termsSummary1', 'termsSummary2', 'termsSummary3', 'termsSummary4'],
  },
  {
    id: 'cookie-policy',
    path: '/cookie-policy',
    title: 'cookiesTitle',
    description: 'cookiesDescription',
    summary: ['cookiesSummary1', 'cookiesSummary2', 'cookiesSummary3', 'cookiesSummary4'],
  },
  {
    id: 'refund-policy',
    path: '/refund-policy',
    title: 'refundTitle',
    description: 'refundDescription',
    summary: ['refundSummary1', 'refundSummary2', 'refundSummary3', 'refundSummary4'],
  },
];

export type LegalPageId = LegalPageDefinition['id'];

export function legalPage(id: LegalPageId): LegalPageDefinition {
  return LEGAL_PAGES.find((page) => page.id === id)!;
}

/** Contact addresses the policies give (neutral placeholders until the domain is chosen). */
export const LEGAL_CONTACTS = {
  privacyEmail: 'privacy@marketplace.example',
  supportEmail: 'support@marketplace.example',
  legalEmail: 'legal@marketplace.example',
} as const;

/** The session cookie's name (api/plugins/session.ts; a unit test keeps the two equal). */
export const SESSION_COOKIE_NAME = 'sid';

/** The read-your-writes cookie's name (api/plugins/answer-cache.ts; a unit test keeps the two equal). */
export const WRITE_COOKIE_NAME = 'wrote_at';

/** The sign-up binding cookie's name (api/modules/accounts/routes.ts; a unit test keeps the two equal). */
export const SIGN_UP_BINDING_COOKIE_NAME = 'signup_binding';

/** A legal message with the brand and the ages filled in. */
export function legalText(key: LegalMessageKey, locale: Locale): string {
  return format(legalMessages[locale][key], {
    brand: commonMessages[locale].brand,
    minAge: MINIMUM_AGE,
    paidAge: MINIMUM_PAID_AGE,
  });
}

function boost(id: BoostId) {
  return BOOSTS.find((entry) => entry.id === id)!;
}

/** Every `{{name}}` the Markdown may use, formatted for `locale`. */
export function legalValues(locale: Locale): Record<string, string> {
  const percentages = FEE_TIERS.map((tier) => tier.rateBps / 100);
  return {
    brand: commonMessages[locale].brand,
    minAge: String(MINIMUM_AGE),
    paidAge: String(MINIMUM_PAID_AGE),
    ...LEGAL_CONTACTS,
    legalCopyYears: String(RETENTION.legalCopyYearsAfterSigningYear),
    contactSenderYears: String(RETENTION.contactSenderYears),
    localPrice: formatPrice(PLANS.local.priceCents, locale),
    proPrice: formatPrice(PLANS.pro.priceCents, locale),
    enterprisePrice: formatPrice(PLANS.enterprise.priceCents, locale),
    boost7Days: String(boost('boost-7').days),
    boost7Price: formatPrice(boost('boost-7').priceCents, locale),
    boost30Days: String(boost('featured-30').days),
    boost30Price: formatPrice(boost('featured-30').priceCents, locale),
    boost90Days: String(boost('premium-90').days),
    boost90Price: formatPrice(boost('premium-90').priceCents, locale),
    feeHighest: formatPercent(Math.max(...percentages), locale),
    feeLowest: formatPercent(Math.min(...percentages), locale),
    sessionCookie: SESSION_COOKIE_NAME,
    languageCookie: LOCALE_COOKIE,
    writeCookie: WRITE_COOKIE_NAME,
    bindingCookie: SIGN_UP_BINDING_COOKIE_NAME,
    themeKey: THEME_KEY,
    accentKey: ACCENT_KEY,
    localeKey: LOCALE_STORAGE_KEY,
    splashKey: UPDATE_SPLASH_FLAG,
    dismissedKey: DISMISSED_ANNOUNCEMENTS_KEY,
    snoozedKey: SNOOZED_ANNOUNCEMENTS_KEY,
    returnToKey: RETURN_TO_KEY,
    toastKey: CARRY_OVER_KEY,
    ...Object.fromEntries(
      [...LEGAL_PAGES.map((page) => page.path), ...LINKED_ROUTES].map((route) => [
        `${camel(route.slice(1))}Path`,
        localizePath(route, locale),
      ]),
    ),
  };
}

/** Other pages the policies link to, each available as `{{<camelCaseRoute>Path}}`. */
const LINKED_ROUTES = ['/notification-preferences', '/pricing', '/subscriptions', '/arbitration-status', '/signup'];

function camel(id: string): string {
  return id.replace(/-(\w)/g, (_whole, letter: string) => letter.toUpperCase());
}

/** `{{name}}`, also as it appears inside a link's address once Markdown has percent-encoded it. */
export const TOKEN_PATTERN = /(?:\{\{|%7B%7B)([\w:-]+)(?:\}\}|%7D%7D)/gi;

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char]!);

/** Fills `{{name}}` in rendered HTML; an unknown name is a mistake in the Markdown and fails the build. */
export function fillValues(html: string, values: Record<string, string>): string {
  return html.replace(TOKEN_PATTERN, (whole, name: string) => {
    if (name.startsWith('block:')) return whole;
    const value = values[name];
    if (value === undefined) throw new Error(`unknown value {{${name}}} in a legal page`);
    return escapeHtml(value);
  });
}

export const BLOCKS = ['fee-tiers'] as const;
export type BlockName = (typeof BLOCKS)[number];
export type Segment = { kind: 'html'; html: string } | { kind: 'block'; name: BlockName };

/** Cuts rendered HTML at each block paragraph, so the layout can render the block in its place. */
export function splitBlocks(html: string): Segment[] {
  const segments: Segment[] = [];
  const pattern = /<p>\s*\{\{block:([\w-]+)\}\}\s*<\/p>/g;
  let last = 0;
  for (const match of html.matchAll(pattern)) {
    const name = match[1] as BlockName;
    if (!BLOCKS.includes(name)) throw new Error(`unknown block {{block:${name}}} in a legal page`);
    if (match.index > last) segments.push({ kind: 'html', html: html.slice(last, match.index) });
    segments.push({ kind: 'block', name });
    last = match.index + match[0].length;
  }
  if (last < html.length) segments.push({ kind: 'html', html: html.slice(last) });
  return segments;
}

export type FeeTierRow = { tier: FeeTier; range: string; rate: string };

/** The fee tiers as the table shows them: "Under $500 · 8%", "$500 to $1,999.99 · 6%", … */
export function feeTierRows(locale: Locale): FeeTierRow[] {
  const m = legalMessages[locale];
  return FEE_TIERS.map((tier) => {
    const from = formatPrice(tier.fromCents, locale);
    // The upper bound is exclusive: the tier ends one cent below it.
    const to = tier.toCents === null ? '' : formatPrice(tier.toCents - 1, locale);
    const range =
      tier.toCents === null
        ? format(m.feeTierFrom, { from })
        : tier.fromCents === 0
          ? format(m.feeTierUnder, { to: formatPrice(tier.toCents, locale) })
          : format(m.feeTierRange, { from, to });
    return { tier, range, rate: formatPercent(tier.rateBps / 100, locale) };
  });
}

/** "November 22, 2026" / "22 novembre 2026" for a YYYY-MM-DD date. */
export function formatLegalDate(isoDate: string, locale: Locale): string {
  return dateTimeFormat(htmlLang[locale], { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/**
 * French typesetting (OQLF): a no-break space before a colon, % and $ and inside « », so a line
 * never starts with the punctuation or the unit. Only text between tags is touched.
 */
export function frenchSpacing(html: string): string {
  return html.replace(
    /(^|>)([^<]*)/g,
    (_whole, open: string, text: string) => open + text.replace(/ ([:»%$])/g, '\u00a0$1').replace(/« /g, '«\u00a0'),
  );
}

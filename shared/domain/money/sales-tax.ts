import { DateTime } from 'luxon';
import { provinces, type ProvinceCode } from '../../geo/provinces.ts';

/**
 * Sales tax on the platform's fee.
 *
 * The fee is a service the platform supplies to the contractor, so the tax follows the
 * contractor's province. Every rate lives in ONE dated table, {@link SALES_TAX_TABLE}; the rate
 * that applies is the one in force on the calendar day the fee is charged, read in that
 * province's time zone ({@link chargeDate}). A fee charged at 23:30 in Halifax on March 31 is a
 * March 31 fee, whatever the UTC date says.
 *
 * Rates are integers per 100,000 ("pcm"): 5 % = 5000 and Quebec's 9.975 % = 9975. Tax is
 * computed in integer arithmetic on integer cents, so no float ever touches money; only
 * {@link formatRate}, which produces display text, divides.
 *
 * Each tax (GST and PST, say) is its own line, rounded half-up to the cent on its own, because
 * that is how each tax is remitted and how it must appear on the invoice. The total is the sum of
 * the rounded lines, not the rounded sum.
 *
 * Pure: nothing here reads a clock; callers pass the instant.
 */
export type TaxCode = 'GST' | 'HST' | 'PST' | 'RST' | 'QST';
export type TaxRate = { code: TaxCode; ratePcm: number };
export type TaxLine = TaxRate & { cents: number };

export type TaxPeriod = {
  province: ProvinceCode;
  /** Inclusive, YYYY-MM-DD. */
  from: string;
  /** Exclusive, YYYY-MM-DD; null while in force. */
  to: string | null;
  /** The taxes of the period, in the order they appear on an invoice (federal first). */
  lines: readonly TaxRate[];
};

/** 100 % in pcm: rates and amounts are scaled by this. */
const PCM = 100_000;

/**
 * The earliest start date in the table. We only promise present-day rates (plus Nova Scotia's
 * 2025 change); older history is out of scope, so the first period of each province simply
 * starts here.
 */
const SINCE = '2000-01-01';

const rate = (code: TaxCode, ratePcm: number): TaxRate => Object.freeze({ code, ratePcm });
const gst = rate('GST', 5_000);
const hst = (ratePcm: number) => rate('HST', ratePcm);

const period = (province: ProvinceCode, from: string, to: string | null, lines: TaxRate[]): TaxPeriod =>
  Object.freeze({ province, from, to, lines: Object.freeze(lines) });

/**
 * Every sales tax rate the platform charges, by province and period. To change a rate, close the
 * current period (`to` = the first day of the new rate) and add the new one from that day: never
 * edit a rate in place, or past invoices stop being reproducible.
 */
export const SALES_TAX_TABLE: readonly TaxPeriod[] = Object.freeze([
  // GST only.
  period('AB', SINCE, null, [gst]),
  period('NT', SINCE, null, [gst]),
  period('NU', SINCE, null, [gst]),
  period('YT', SINCE, null, [gst]),
  // Harmonized sales tax: one line that includes the federal part.
  period('ON', SINCE, null, [hst(13_000)]),
  period('NB', SINCE, null, [hst(15_000)]),
  period('NL', SINCE, null, [hst(15_000)]),
  period('PE', SINCE, null, [hst(15_000)]),
  // Nova Scotia lowered its HST by one point on 2025-04-01.
  period('NS', SINCE, '2025-04-01', [hst(15_000)]),
  period('NS', '2025-04-01', null, [hst(14_000)]),
  // GST plus a separate provincial tax.
  period('BC', SINCE, null, [gst, rate('PST', 7_000)]),
  period('MB', SINCE, null, [gst, rate('RST', 7_000)]),
  period('SK', SINCE, null, [gst, rate('PST', 6_000)]),
  period('QC', SINCE, null, [gst, rate('QST', 9_975)]),
]);

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

function timeZoneOf(province: ProvinceCode): string {
  const found = provinces.find((p) => p.code === province);
  if (!found) throw new RangeError(`not a Canadian province or territory: ${String(province)}`);
  return found.timeZone;
}

/**
 * The taxes in force in a province on a date (YYYY-MM-DD), in the table's order. Returns fresh
 * objects, so callers may keep or change them without touching the table.
 *
 * @throws RangeError when the date is malformed or impossible, or no period covers it.
 */
export function taxRatesOn(province: ProvinceCode, date: string): TaxRate[] {
  if (!ISO_DAY.test(date) || !DateTime.fromISO(date, { zone: 'utc' }).isValid) {
    throw new RangeError(`not a date: ${date}`);
  }
  timeZoneOf(province);
  // YYYY-MM-DD strings compare in calendar order.
  const found = SALES_TAX_TABLE.find(
    (p) => p.province === province && p.from <= date && (p.to === null || date < p.to),
  );
  if (!found) throw new RangeError(`no sales tax rate for ${province} on ${date}`);
  return found.lines.map((line) => ({ ...line }));
}

/**
 * The calendar date (YYYY-MM-DD) of an instant in the province's time zone: the day the fee is
 * charged there, which picks the rate.
 *
 * @throws RangeError on an invalid Date or an unknown province.
 */
export function chargeDate(at: Date, province: ProvinceCode): string {
  const zone = timeZoneOf(province);
  const local = DateTime.fromJSDate(at, { zone });
  const date = local.isValid ? local.toISODate() : null;
  if (date === null) throw new RangeError(`not a valid instant: ${String(at)}`);
  return date;
}

/**
 * The tax on a fee charged to a contractor of `province` at instant `at`: one line per tax, in
 * the table's order, each `round_half_up(feeCents × ratePcm / 100,000)` computed on integers.
 *
 * Integer-exact as long as `feeCents × ratePcm` stays below 2^53, i.e. fees up to about
 * 600 billion dollars.
 *
 * @throws RangeError when `feeCents` is not a non-negative safe integer, `at` is invalid, or no
 * rate covers the charge date.
 */
export function taxOnFee(feeCents: number, province: ProvinceCode, at: Date): TaxLine[] {
  if (!Number.isSafeInteger(feeCents) || feeCents < 0) {
    throw new RangeError(`a fee must be a non-negative integer of cents: ${feeCents}`);
  }
  return taxRatesOn(province, chargeDate(at, province)).map((r) => ({
    ...r,
    cents: Math.floor((feeCents * r.ratePcm + PCM / 2) / PCM),
  }));
}

/** The sum of the (already rounded) lines. */
export function totalTaxCents(lines: readonly TaxLine[]): number {
  return lines.reduce((sum, line) => sum + line.cents, 0);
}

const rateFormats = {
  en: new Intl.NumberFormat('en-CA', { style: 'percent', maximumFractionDigits: 3 }),
  fr: new Intl.NumberFormat('fr-CA', { style: 'percent', maximumFractionDigits: 3 }),
} as const;

/**
 * A rate for display: 5000 → "5%" / "5 %", 9975 → "9.975%" (en) / "9,975 %" (fr). French puts a
 * no-break space (U+00A0) before the percent sign. A pcm rate has at most three decimals as a
 * percentage, so three fraction digits show it exactly (the float division is display-only).
 *
 * @throws RangeError when `ratePcm` is not a non-negative safe integer.
 */
export function formatRate(ratePcm: number, locale: 'en' | 'fr'): string {
  if (!Number.isSafeInteger(ratePcm) || ratePcm < 0) {
    throw new RangeError(`a rate must be a non-negative integer pcm: ${ratePcm}`);
  }
  return rateFormats[locale].format(ratePcm / PCM);
}

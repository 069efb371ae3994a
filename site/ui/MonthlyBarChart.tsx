import { useEffect, useRef, type ReactNode } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { htmlLang, type Locale } from '../i18n/locales.ts';
import { dateTimeFormat, numberFormat } from '../i18n/intl.ts';

/** A `YYYY-MM` month as the page's language names it: "Mar" (short) or "March 2026" (long). */
export function monthName(month: string, locale: Locale, style: 'short' | 'long' = 'long'): string {
  if (!/^\d{4}-\d{2}$/.test(month)) return '';
  return dateTimeFormat(htmlLang[locale], {
    month: style,
    ...(style === 'long' ? { year: 'numeric' as const } : {}),
    timeZone: 'UTC',
  }).format(new Date(`${month}-15T12:00:00Z`));
}

/** Whole dollars, compact ("$1.2K", "1,2 k$"), for an axis. */
const compactDollars = (value: number, locale: Locale) =>
  numberFormat(htmlLang[locale], {
    style: 'currency',
    currency: 'CAD',
    currencyDisplay: 'narrowSymbol',
    notation: 'compact',
  }).format(value);

export type BarSeries = {
  label: string;
  /** One value per month, in dollars. */
  values: number[];
  /** A theme colour variable, e.g. `--accent`. */
  color: string;
};

/**
 * Bars per month, the series drawn over each other in order (so a later, smaller series shows as
 * the lower part of an earlier one: net inside gross, fees inside GMV). uPlot draws on a canvas;
 * colours come from the theme's CSS variables and are read again when the theme or the accent
 * changes. The canvas is hidden from screen readers: every use shows the same figures in a table.
 */
export function MonthlyBarChart({
  months,
  series,
  locale,
  testId,
}: {
  months: string[];
  series: BarSeries[];
  locale: Locale;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: uPlot | null = null;
    const color = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
    const width = () => Math.max(element.clientWidth, 280);
    const draw = () => {
      chart?.destroy();
      const bars = uPlot.paths.bars!({ size: [0.6, 48] });
      const muted = color('--muted');
      chart = new uPlot(
        {
          width: width(),
          height: 220,
          legend: { show: false },
          cursor: { show: false },
          scales: { x: { time: false, range: [-0.5, months.length - 0.5] } },
          axes: [
            {
              stroke: muted,
              grid: { show: false },
              ticks: { show: false },
              values: (_u, ticks) =>
                ticks.map((tick) => (Number.isInteger(tick) ? monthName(months[tick] ?? '', locale, 'short') : '')),
              space: 28,
            },
            {
              stroke: muted,
              grid: { stroke: color('--border'), width: 1 },
              ticks: { show: false },
              size: 64,
              values: (_u, ticks) => ticks.map((tick) => compactDollars(tick, locale)),
            },
          ],
          series: [
            {},
            ...series.map((s) => ({
              label: s.label,
              fill: color(s.color),
              stroke: color(s.color),
              paths: bars,
              points: { show: false },
            })),
          ],
        },
        [months.map((_, i) => i), ...series.map((s) => s.values)],
        element,
      );
    };
    draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: width(), height: 220 }));
    resize.observe(element);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [months, series, locale]);

  return <div ref={host} aria-hidden="true" className="w-full overflow-hidden" data-testid={testId} />;
}

export type MonthColumn<Row> = { label: string; value: (row: Row) => ReactNode; strong?: boolean };

/** The figures of a monthly chart as a table: a row per month, the month first. */
export function MonthlyTable<Row extends { month: string }>({
  rows,
  columns,
  locale,
  caption,
  monthLabel,
  testId,
}: {
  rows: Row[];
  columns: MonthColumn<Row>[];
  locale: Locale;
  caption: string;
  monthLabel: string;
  testId?: string;
}) {
  return (
    // Focusable and named: on a narrow screen the table scrolls sideways, and a keyboard user must
    // be able to reach that scrolling area (WCAG 2.1.1).
    <div className="overflow-x-auto rounded-md focus-visible:outline-2" tabIndex={0} role="region" aria-label={caption}>
      <table className="w-full min-w-[26rem] text-sm" data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border text-left text-xs text-muted">
            <th scope="col" className="py-2 pr-2 font-medium">
              {monthLabel}
            </th>
            {columns.map((column) => (
              <th key={column.label} scope="col" className="py-2 pr-2 text-right font-medium last:pr-0">
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.month} className="border-b border-border last:border-0">
              <th scope="row" className="py-2 pr-2 text-left font-normal">
                {monthName(row.month, locale)}
              </th>
              {columns.map((column) => (
                <td
                  key={column.label}
                  className={`py-2 pr-2 text-right tabular-nums last:pr-0 ${column.strong ? 'font-medium' : ''}`}
                >
                  {column.value(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

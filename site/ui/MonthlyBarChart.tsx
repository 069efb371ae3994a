import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

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
  monthLabel,
  dollars,
  testId,
}: {
  months: string[];
  series: BarSeries[];
  monthLabel: (month: string) => string;
  /** The y axis's labels in the page's language. */
  dollars: (value: number) => string;
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
                ticks.map((tick) => (Number.isInteger(tick) ? monthLabel(months[tick] ?? '') : '')),
              space: 28,
            },
            {
              stroke: muted,
              grid: { stroke: color('--border'), width: 1 },
              ticks: { show: false },
              size: 64,
              values: (_u, ticks) => ticks.map(dollars),
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
  }, [months, series, monthLabel, dollars]);

  return <div ref={host} aria-hidden="true" className="w-full overflow-hidden" data-testid={testId} />;
}

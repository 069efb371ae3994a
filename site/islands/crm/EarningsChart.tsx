import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { CrmMonth } from './api.ts';

/**
 * Net earnings per month as bars, with the platform fee and its tax stacked on top (so each bar's
 * height is the gross). uPlot draws on a canvas; colours come from the theme's CSS variables and
 * are read again when the theme changes. The canvas is hidden from screen readers: the table next
 * to it has the same figures.
 */
export function EarningsChart({
  months,
  labels,
  monthLabel,
  dollars,
}: {
  months: CrmMonth[];
  labels: { net: string; fee: string };
  monthLabel: (month: string) => string;
  /** The y axis's labels: whole dollars in the page's language. */
  dollars: (value: number) => string;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = host.current;
    if (!element) return;
    let chart: uPlot | null = null;
    const color = (name: string) => getComputedStyle(document.documentElement).getPropertyValue(name).trim() || '#888';
    const draw = () => {
      chart?.destroy();
      const xs = months.map((_, i) => i);
      const net = months.map((m) => m.netCents / 100);
      const gross = months.map((m) => (m.netCents + m.feeCents + m.taxCents) / 100);
      const bars = uPlot.paths.bars!({ size: [0.6, 48] });
      const muted = color('--muted');
      const grid = color('--border');
      chart = new uPlot(
        {
          width: Math.max(element.clientWidth, 280),
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
                ticks.map((tick) => (Number.isInteger(tick) ? monthLabel(months[tick]?.month ?? '') : '')),
              space: 28,
            },
            {
              stroke: muted,
              grid: { stroke: grid, width: 1 },
              ticks: { show: false },
              size: 64,
              values: (_u, ticks) => ticks.map(dollars),
            },
          ],
          series: [
            {},
            {
              label: labels.fee,
              fill: color('--accent'),
              stroke: color('--accent'),
              paths: bars,
              points: { show: false },
            },
            {
              label: labels.net,
              fill: color('--success'),
              stroke: color('--success'),
              paths: bars,
              points: { show: false },
            },
          ],
        },
        // Gross first, net over it: what shows above the net is the fee and its tax.
        [xs, gross, net],
        element,
      );
    };
    draw();
    const resize = new ResizeObserver(() => chart?.setSize({ width: Math.max(element.clientWidth, 280), height: 220 }));
    resize.observe(element);
    const theme = new MutationObserver(draw);
    theme.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme', 'style'] });
    return () => {
      resize.disconnect();
      theme.disconnect();
      chart?.destroy();
    };
  }, [months, labels, monthLabel, dollars]);

  return <div ref={host} aria-hidden="true" className="w-full overflow-hidden" data-testid="earnings-chart" />;
}

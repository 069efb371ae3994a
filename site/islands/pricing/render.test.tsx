import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { BadgeList } from './BadgeList.tsx';
import { FeeCalculator } from './FeeCalculator.tsx';
import { FeeTierTable } from './FeeTierTable.tsx';
import { PlanCards } from './PlanCards.tsx';

/** What Astro prerenders: the calculator's first paint and the static pieces of the pages. */
describe('pricing pieces render on the server', () => {
  it('renders the calculator at $1,000: 6 %, a $60.00 fee, $940.00 received, the 6 % tier marked', () => {
    const html = renderToString(<FeeCalculator locale="en" />);
    expect(html).toContain('value="1000"');
    expect(html).toMatch(/type="range"[^>]*min="50"[^>]*max="10000"[^>]*step="50"/);
    expect(html).toContain('aria-label="Job value slider"');
    expect(html).toContain('aria-valuetext="$1,000.00"');
    expect(html).toMatch(/data-result="tier"[^>]*>6%</);
    expect(html).toMatch(/data-result="fee"[^>]*>\$60\.00</);
    expect(html).toMatch(/data-result="receives"[^>]*>\$940\.00</);
    expect(html).toMatch(/aria-current="true"[^>]*><th[^>]*>\$500 to \$1,999\.99<span[^>]*>Your tier</);
    expect(html).toContain('aria-live="polite"');
    expect(html).not.toContain('aria-invalid');
    expect(html).toContain('charged to the contractor, not the customer');
  });

  it('renders the French calculator in French', () => {
    const html = renderToString(<FeeCalculator locale="fr" />).replace(/[\u00a0\u202f]/g, ' ');
    expect(html).toContain('Valeur du contrat ($ CA)');
    expect(html).toMatch(/data-result="fee"[^>]*>60,00 \$</);
  });

  it('puts calls to action on available plans only and marks Pro and Enterprise as coming soon', () => {
    const html = renderToString(
      <PlanCards
        locale="en"
        level={3}
        actions={{
          starter: { href: '/signup', label: 'Get Started Free' },
          local: { href: '/x', label: 'Choose Local' },
        }}
      />,
    );
    expect(html.match(/<h3/g)).toHaveLength(4);
    expect(html.match(/Coming soon/g)).toHaveLength(2);
    expect(html.match(/Not yet offered/g)).toHaveLength(2);
    expect(html).toContain('href="/signup"');
    expect(html).toContain('$129/month');
  });

  it('renders headings at the level asked for, and the tier table without a marked tier', () => {
    expect(renderToString(<BadgeList locale="en" level={4} />).match(/<h4/g)).toHaveLength(2);
    const table = renderToString(<FeeTierTable locale="en" />);
    expect(table).not.toContain('aria-current');
    expect(table.match(/<tr/g)).toHaveLength(5);
  });
});

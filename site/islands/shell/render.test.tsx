import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import Footer from './Footer.tsx';
import Header from './Header.tsx';
import { shellMessages } from '../../i18n/messages/shell.ts';

/** Server rendering (what Astro prerenders): no session, no persisted values, no crash. */
describe('shell islands render on the server', () => {
  // The header hydrates on first use (or at idle when signed in), so its server HTML holds both
  // the sign-in link and the skeletons, and CSS shows one by the session hint on <html>.
  it('renders the header with the brand, navigation, and the sign-in link and skeletons switched by the session hint', () => {
    const html = renderToString(<Header locale="en" path="/platform" messages={shellMessages.en} />);
    expect(html).toContain('href="/"');
    expect(html).toContain('Browse Contractors');
    expect(html).toContain('href="/open-bids"');
    expect(html).toContain('aria-current="page"');
    expect(html).toContain('aria-label="Open menu"');
    expect(html).toContain('href="/fr/platform"');
    expect(html).toMatch(/<a href="\/signin" class="[^"]*signed-in:hidden[^"]*">.*?Sign In<\/a>/);
    expect(html).toMatch(/<div class="[^"]*signed-out:hidden[^"]*" aria-hidden="true">/);
    expect(html).not.toContain('Logout');
    expect(html).not.toContain('notification-bell');
    // The theme button names what it does in either theme, by CSS on data-theme.
    expect(html).toContain('data-theme-toggle=""');
    expect(html).toContain('<span class="sr-only light:hidden">Switch to light theme</span>');
    expect(html).toContain('<span class="sr-only dark:hidden">Switch to dark theme</span>');
    // The language switch is a plain link the inline shell script remembers the choice of.
    expect(html).toContain('data-locale-switch="fr"');
  });

  it('renders the French header with French links', () => {
    const html = renderToString(<Header locale="fr" path="/" messages={shellMessages.fr} />);
    expect(html).toContain('href="/fr/"');
    expect(html).toContain('href="/fr/contractors"');
    expect(html).toContain('Parcourir les entrepreneurs');
    expect(html).toContain('href="/"');
  });

  it('renders the footer with its columns, legal links, disclaimer and the tagline once for screen readers', () => {
    const html = renderToString(<Footer locale="en" messages={shellMessages.en} />);
    for (const text of [
      'Fee Calculator',
      'FAQ',
      'Barter Trades',
      'Arbitration Services',
      'Community Forum',
      'Updates',
    ]) {
      expect(html).toContain(`>${text}</button>`);
    }
    expect(html).toContain('>Contact Us</button>');
    expect(html).toContain('>Feedback Board</button>');
    for (const path of ['/privacy-policy', '/terms-of-service', '/cookie-policy', '/refund-policy']) {
      expect(html).toContain(`href="${path}"`);
    }
    expect(html).toContain(`© ${new Date().getFullYear()} Marketplace`);
    expect(html).toContain('Customer and contractor accounts need separate e-mail addresses.');
    expect(html).toContain('<span class="sr-only">If you can do it, you can earn for it.</span>');
    expect(html).not.toContain('My Subscriptions');
  });
});

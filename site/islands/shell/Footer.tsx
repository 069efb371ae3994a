import { useStore } from '@nanostores/react';
import { Handshake } from 'lucide-react';
import type { ReactNode } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import type { ShellMessages } from '../../i18n/messages/shell.ts';
import { DEFAULT_ACCENT } from '../../stores/accent.ts';
import { $session } from '../../stores/session.ts';
import { $accent } from '../../stores/theme.ts';
import { island } from '../../ui/island.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { footerDashboardLinks } from './dashboards.ts';
import { FOOTER_COMPANY_DIALOGS, FOOTER_PLATFORM_DIALOGS, openDialog } from './events.ts';
import { ledColour } from './led.ts';
import { LEGAL_LINKS } from './nav.ts';
import { Typewriter } from './Typewriter.tsx';

const linkClass =
  'inline-flex items-center rounded text-left text-sm text-muted transition-colors hover:text-fg hover:underline underline-offset-4 focus-visible:outline-2';

const roleLinkClass =
  'inline-flex items-center rounded text-left text-sm font-medium text-fg underline-offset-4 transition-colors hover:underline focus-visible:outline-2';

const DISCLAIMER_KEYS = [
  'disclaimerLiability',
  'disclaimerTransactions',
  'disclaimerDisputes',
  'disclaimerPaidAge',
  'disclaimerBasicAge',
  'disclaimerEmails',
] as const satisfies readonly (keyof ShellMessages)[];

function Column({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="text-sm font-semibold text-fg">
        {title}
      </h2>
      <ul className="mt-3 space-y-2.5">{children}</ul>
    </section>
  );
}

/**
 * The site footer (docs/product.md#site): the Platform column (dialog buttons and the links of
 * the signed-in role), the Company column, the legal links, the copyright line, the disclaimer and
 * the LED typewriter tagline. Session, accent and year are read after mount only. Its texts come
 * from the layout in the page's language (see ./messages.tsx).
 */
function Footer({ locale, messages: m }: { locale: Locale; messages: ShellMessages }) {
  const common = commonMessages[locale];
  const brand = common.brand;
  const mounted = useMounted();
  const session = useStore($session);
  const accent = useStore($accent);
  const role = mounted && session.status === 'authenticated' ? session.user.role : null;
  const ids = {
    platform: `footer-platform-${locale}`,
    company: `footer-company-${locale}`,
    legal: `footer-legal-${locale}`,
  };

  return (
    <footer className="mt-12 border-t border-border bg-surface">
      <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
        <div className="grid grid-cols-2 gap-x-6 gap-y-10 md:grid-cols-[minmax(0,1.4fr)_repeat(3,minmax(0,1fr))]">
          <div className="col-span-2 space-y-4 md:col-span-1 md:pr-6">
            <a
              href={localizePath('/', locale)}
              className="inline-flex items-center gap-2 rounded-lg text-lg font-bold tracking-tight focus-visible:outline-2"
            >
              <span
                aria-hidden="true"
                className="grid h-8 w-8 place-items-center rounded-lg bg-accent text-accent-fg shadow-sm"
              >
                <Handshake className="h-5 w-5" />
              </span>
              {brand}
            </a>
            <p className="max-w-sm text-sm text-muted">{m.footerAbout}</p>
            <p
              className="max-w-sm rounded-lg border border-black/40 bg-[hsl(222_47%_5%)] px-3 py-2.5 font-mono text-sm leading-relaxed font-semibold tracking-wide shadow-[inset_0_1px_6px_rgb(0_0_0/0.8)]"
              style={{
                color: ledColour(mounted ? accent : DEFAULT_ACCENT),
                textShadow: '0 0 6px currentColor',
                backgroundImage: 'radial-gradient(rgb(255 255 255 / 0.05) 1px, transparent 1px)',
                backgroundSize: '4px 4px',
              }}
            >
              <Typewriter text={common.tagline} />
            </p>
          </div>

          <Column id={ids.platform} title={m.platform}>
            {FOOTER_PLATFORM_DIALOGS.map((item) => (
              <li key={item.dialog}>
                <button type="button" className={linkClass} onClick={() => openDialog(item.dialog)}>
                  {m[item.key]}
                </button>
              </li>
            ))}
            {footerDashboardLinks(role).map((entry, index) => (
              <li key={entry.key} className={index === 0 ? 'border-t border-border pt-3' : undefined}>
                <a href={localizePath(entry.path, locale)} className={roleLinkClass}>
                  {m[entry.key]}
                </a>
              </li>
            ))}
          </Column>

          <Column id={ids.company} title={m.company}>
            {FOOTER_COMPANY_DIALOGS.map((item) => (
              <li key={item.dialog}>
                <button type="button" className={linkClass} onClick={() => openDialog(item.dialog)}>
                  {m[item.key]}
                </button>
              </li>
            ))}
          </Column>

          <Column id={ids.legal} title={m.legal}>
            {LEGAL_LINKS.map((link) => (
              <li key={link.path}>
                <a href={localizePath(link.path, locale)} className={linkClass}>
                  {m[link.key]}
                </a>
              </li>
            ))}
          </Column>
        </div>

        <div className="mt-10 border-t border-border pt-6">
          <h2 className="sr-only">{m.disclaimerTitle}</h2>
          <p className="max-w-4xl text-xs leading-relaxed text-muted">
            {DISCLAIMER_KEYS.map((key) => format(m[key], { brand })).join(' ')}
          </p>
          <p
            key={mounted ? 'client' : 'server'}
            suppressHydrationWarning
            className="mt-4 text-xs font-medium text-muted"
          >
            {format(m.copyright, { year: new Date().getFullYear(), brand })}
          </p>
        </div>
      </div>
    </footer>
  );
}

export default island(Footer);

import { commonMessages } from '../../i18n/messages/common.ts';
import type { Locale } from '../../i18n/locales.ts';
import { island } from '../../ui/island.tsx';

/** The site footer (spec section 2). */
function Footer({ locale }: { locale: Locale }) {
  const m = commonMessages[locale];
  return (
    <footer className="border-t border-border">
      <div className="mx-auto max-w-6xl px-4 py-8 text-sm text-muted sm:px-6">{m.tagline}</div>
    </footer>
  );
}

export default island(Footer);

import { commonMessages } from '../../i18n/messages/common.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { island } from '../../ui/island.tsx';

/** The site header (spec section 2). */
function Header({ locale }: { locale: Locale; path: string }) {
  const m = commonMessages[locale];
  return (
    <header className="border-b border-border bg-surface/80 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
        <a href={localizePath('/', locale)} className="text-lg font-bold tracking-tight">
          {m.brand}
        </a>
      </div>
    </header>
  );
}

export default island(Header);

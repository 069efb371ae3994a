import { Globe } from 'lucide-react';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { LOCALE_SWITCH_ATTRIBUTE, otherLocale } from './locale-choice.ts';
import { useShellMessages } from './messages.tsx';

type Props = { locale: Locale; path: string; variant?: 'header' | 'menu'; onNavigate?: () => void };

/**
 * The same page in the other language: a plain link. A press remembers the choice (cookie for the
 * server, local storage for scripts) and keeps the page's query and hash; the page's inline script
 * does that (ui/shell-boot.ts, on `data-locale-switch`), so it works before the header has code.
 */
export function LanguageSwitch({ locale, path, variant = 'header', onNavigate }: Props) {
  const target = otherLocale(locale);
  const shell = useShellMessages();
  const href = localizePath(path, target);
  const name = target === 'fr' ? commonMessages[locale].switchToFrench : commonMessages[locale].switchToEnglish;

  const className =
    variant === 'header'
      ? 'inline-flex h-9 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-fg transition-colors hover:bg-surface-2 focus-visible:outline-2 sm:h-10'
      : 'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors hover:bg-surface-2 focus-visible:outline-2';

  return (
    <a
      href={href}
      hrefLang={htmlLang[target]}
      lang={htmlLang[target]}
      title={shell.languageLabel}
      {...{ [LOCALE_SWITCH_ATTRIBUTE]: target }}
      onClick={onNavigate}
      className={className}
    >
      <Globe aria-hidden="true" className={variant === 'header' ? 'h-4 w-4' : 'h-4 w-4 text-muted'} />
      {name}
    </a>
  );
}

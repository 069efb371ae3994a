import { Globe } from 'lucide-react';
import type { MouseEvent } from 'react';
import { htmlLang, localizePath, type Locale } from '../../i18n/locales.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { otherLocale, rememberLocale } from './locale-choice.ts';
import { useShellMessages } from './messages.tsx';

type Props = { locale: Locale; path: string; variant?: 'header' | 'menu'; onNavigate?: () => void };

/**
 * The same page in the other language. Clicking remembers the choice (cookie for the server,
 * local storage for scripts) and keeps the page's query and hash.
 */
export function LanguageSwitch({ locale, path, variant = 'header', onNavigate }: Props) {
  const target = otherLocale(locale);
  const shell = useShellMessages();
  const href = localizePath(path, target);
  const name = target === 'fr' ? commonMessages[locale].switchToFrench : commonMessages[locale].switchToEnglish;

  function onClick(event: MouseEvent<HTMLAnchorElement>) {
    rememberLocale(target);
    const { search, hash } = window.location;
    if (search || hash) event.currentTarget.href = href + search + hash;
    onNavigate?.();
  }

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
      onClick={onClick}
      className={className}
    >
      <Globe aria-hidden="true" className={variant === 'header' ? 'h-4 w-4' : 'h-4 w-4 text-muted'} />
      {name}
    </a>
  );
}

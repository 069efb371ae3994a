import { useEffect, useRef, useState, type ComponentType } from 'react';
import type { Locale } from '../../i18n/locales.ts';
import type { AnnouncementTexts } from '../../i18n/messages/announcements.ts';
import { island } from '../../ui/island.tsx';
import type { AnnouncementPopupProps } from './AnnouncementPopup.tsx';
import { ANNOUNCEMENTS, type AnnouncementEntry } from './catalogue.ts';
import { RECHECK_MS, isDue, nextAnnouncement } from './rules.ts';
import { ANNOUNCEMENT_STORAGE_KEYS, announcementStore } from './store.ts';

/** One chunk per language: a visitor fetches the texts of the page's language only. */
const TEXTS: Record<Locale, () => Promise<AnnouncementTexts>> = {
  en: () => import('../../i18n/messages/announcements/en.ts').then((module) => module.announcementsEn),
  fr: () => import('../../i18n/messages/announcements/fr.ts').then((module) => module.announcementsFr),
};

type LoadedPopup = { Popup: ComponentType<AnnouncementPopupProps>; texts: AnnouncementTexts };

const loadPopup = (locale: Locale): Promise<LoadedPopup> =>
  Promise.all([import('./AnnouncementPopup.tsx'), TEXTS[locale]()]).then(([module, texts]) => ({
    Popup: module.default,
    texts,
  }));

/**
 * On every page (Base.astro, `client:idle`): decides whether an announcement is due, on mount,
 * every 30 minutes (docs/product.md#announcements) and when another tab changes the stored state. It carries
 * only the rules and the catalogue's ids and dates; the popup (icons, and the texts in the page's
 * language) is fetched the first time there is something to show, so a returning visitor never
 * downloads it.
 */
function AnnouncementCheck({ locale }: { locale: Locale }) {
  const [loaded, setLoaded] = useState<LoadedPopup | null>(null);
  const [shown, setShown] = useState<AnnouncementEntry | null>(null);
  const check = useRef<() => void>(() => {});

  useEffect(() => {
    let mounted = true;
    check.current = () => {
      const now = Date.now();
      const state = announcementStore.refresh(now);
      const next = nextAnnouncement(ANNOUNCEMENTS, state, now);
      // One that is open stays open unless it was dismissed or snoozed meanwhile (in another tab).
      setShown((current) => (current && isDue(state, current.id, now) ? current : next));
      if (!next) return;
      loadPopup(locale).then(
        (popup) => mounted && setLoaded(popup),
        (error: unknown) => console.warn('announcements: the popup could not load', error),
      );
    };
    check.current();
    const timer = window.setInterval(() => check.current(), RECHECK_MS);
    const onStorage = (event: StorageEvent) => {
      // key null: the other tab cleared its whole storage.
      if (event.key === null || ANNOUNCEMENT_STORAGE_KEYS.includes(event.key)) check.current();
    };
    window.addEventListener('storage', onStorage);
    return () => {
      mounted = false;
      window.clearInterval(timer);
      window.removeEventListener('storage', onStorage);
    };
  }, [locale]);

  if (!loaded || !shown) return null;
  const { Popup, texts } = loaded;
  return (
    <Popup
      key={shown.id}
      locale={locale}
      entry={shown}
      texts={texts}
      onClose={() => {
        setShown(null);
        check.current(); // the next one in line, if any
      }}
    />
  );
}

export default island(AnnouncementCheck);

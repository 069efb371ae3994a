import { PartyPopper, Rocket, Sparkles, Wrench } from 'lucide-react';
import type { Locale } from '../../i18n/locales.ts';
import type { AnnouncementTexts } from '../../i18n/messages/announcements.ts';
import { formatAnnouncementDate, typeLabel } from './localize.ts';
import type { AnnouncementType } from './rules.ts';

const icons = { feature: Sparkles, rollout: Rocket, maintenance: Wrench, celebration: PartyPopper } as const;

/** The icon of an announcement's type (the popup's server HTML draws it too). */
export function TypeIcon({ type }: { type: AnnouncementType }) {
  const Icon = icons[type];
  return <Icon aria-hidden="true" className="h-3.5 w-3.5" />;
}

/** The announcement's type as a small accent pill (popup and Updates dialog). */
export function TypeBadge({ type, texts }: { type: AnnouncementType; texts: AnnouncementTexts }) {
  return (
    <span className="inline-flex items-center gap-1.5 rounded-full bg-accent px-2.5 py-0.5 text-xs font-semibold text-accent-fg">
      <TypeIcon type={type} />
      {typeLabel(type, texts)}
    </span>
  );
}

/** The announcement's date as a <time> element, written out in the page's language. */
export function AnnouncementDate({ date, locale }: { date: string; locale: Locale }) {
  return (
    <time dateTime={date} className="text-xs text-muted">
      {formatAnnouncementDate(date, locale)}
    </time>
  );
}

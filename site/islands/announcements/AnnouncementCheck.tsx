import type { Locale } from '../../i18n/locales.ts';
import { island } from '../../ui/island.tsx';

// Placeholder until the announcements land (same issue); replaced wholesale.
function AnnouncementCheck(_props: { locale: Locale }) {
  return null;
}

export default island(AnnouncementCheck);

import type { Locale } from '../../i18n/locales.ts';
import { island } from '../../ui/island.tsx';
import { NotificationList } from './NotificationList.tsx';

/** /notifications: the full list with the popover's filters and actions, twenty at a time. */
function NotificationsPage({ locale }: { locale: Locale }) {
  return (
    <div className="mt-6 max-w-3xl">
      <NotificationList locale={locale} variant="page" />
    </div>
  );
}

export default island(NotificationsPage);

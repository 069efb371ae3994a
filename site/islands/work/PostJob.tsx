import type { Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { island } from '../../ui/island.tsx';
import { WorkOrderForm } from './WorkOrderForm.tsx';

/** /post-job: the work-order form (creating, or editing with `?edit=<id>`). */
function PostJob({ locale }: { locale: Locale }) {
  return (
    <>
      <p className="mt-3 max-w-prose text-muted">{workMessages[locale].postIntro}</p>
      <WorkOrderForm locale={locale} />
    </>
  );
}

export default island(PostJob);

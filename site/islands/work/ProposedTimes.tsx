import { useId, useState } from 'react';
import { SCHEDULE_LIMITS } from '../../../shared/domain/booking/calendar.ts';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { workApi, type TimeProposal } from './api.ts';
import { useRead, workReads } from './stores.ts';
import { instantText } from './format.ts';

type Props = {
  locale: Locale;
  workOrderId: string;
  /** The hired contractor accepts; the customer sees what they proposed and that it waits. */
  viewerIsContractor: boolean;
  onAccepted: () => void;
};

/**
 * The times a customer proposed to a hired contractor without weekly hours, on the job's page
 * (where the contractor's notification leads). The contractor accepts one: the booking is
 * confirmed at once and the customer told. Nothing shows when nobody proposed a time.
 */
export function ProposedTimes({ locale, workOrderId, viewerIsContractor, onAccepted }: Props) {
  const m = workMessages[locale];
  const id = useId();
  const proposals = useRead(workReads.timeProposals(workOrderId));
  const [pending, setPending] = useState<string | null>(null);
  const list = proposals.data ?? [];
  if (list.length === 0) return null;
  const earliest = Date.now() + SCHEDULE_LIMITS.minLeadMinutes * 60_000;
  const accepted = list.find((p) => p.accepted)?.accepted ?? null;

  async function accept(proposal: TimeProposal, startsAt: string) {
    setPending(startsAt);
    try {
      await workApi.acceptProposedTime(workOrderId, proposal.id, startsAt);
      toast({ title: m.timeAccepted, description: m.timeAcceptedText, variant: 'success' });
      await proposals.reload();
      onAccepted();
    } catch (error) {
      toast({
        title: m.acceptTimeFailed,
        description: localizedMessageOf(error, m.acceptTimeFailed, locale),
        variant: 'destructive',
      });
      await proposals.reload();
    } finally {
      setPending(null);
    }
  }

  return (
    <section
      aria-labelledby={`${id}-title`}
      data-testid="proposed-times"
      className="space-y-3 rounded-2xl border border-border bg-surface p-4"
    >
      <h3 id={`${id}-title`} className="font-semibold">
        {viewerIsContractor ? m.proposedTimesTitle : m.proposedTimesCustomerTitle}
      </h3>
      {accepted ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm font-medium">
            {format(m.acceptedTime, { time: instantText(accepted.startsAt, locale) })}
          </p>
          <a
            className={buttonClasses('outline', 'sm')}
            href={localizePath(`/bookings/${encodeURIComponent(accepted.bookingId)}`, locale)}
          >
            {m.seeBooking}
          </a>
        </div>
      ) : (
        <p className="text-sm text-muted">{viewerIsContractor ? m.proposedTimesText : m.proposedTimesWaiting}</p>
      )}
      {!accepted &&
        list.map((proposal) => (
          <ul key={proposal.id} className="space-y-2">
            {proposal.times.map((time) => {
              const ahead = Date.parse(time) >= earliest;
              return (
                <li
                  key={time}
                  className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-border px-3 py-2"
                >
                  <time dateTime={time} className="text-sm">
                    {instantText(time, locale)}
                  </time>
                  {!ahead ? (
                    <span className="text-xs text-muted">{m.timePassed}</span>
                  ) : (
                    viewerIsContractor &&
                    proposal.canAccept && (
                      <Button
                        size="sm"
                        disabled={pending !== null}
                        aria-label={`${m.acceptTime} – ${instantText(time, locale)}`}
                        onClick={() => void accept(proposal, time)}
                      >
                        {pending === time ? m.acceptingTime : m.acceptTime}
                      </Button>
                    )
                  )}
                </li>
              );
            })}
          </ul>
        ))}
    </section>
  );
}

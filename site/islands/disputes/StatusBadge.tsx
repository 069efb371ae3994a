import type { Locale } from '../../i18n/locales.ts';
import { disputeCaseMessages } from '../../i18n/messages/disputes.ts';
import { Badge } from '../contracts/shared.tsx';
import type { DisputeStatus } from './api.ts';

/** A case's state as a badge: the queue shows it without loading the case view. */
const statusTone: Record<DisputeStatus, 'good' | 'waiting' | 'neutral' | 'bad'> = {
  'awaiting-response': 'waiting',
  analysing: 'waiting',
  proposed: 'waiting',
  'in-review': 'waiting',
  decided: 'good',
  void: 'neutral',
};

export function StatusBadge({ locale, status }: { locale: Locale; status: DisputeStatus }) {
  return (
    <Badge tone={statusTone[status]} status={status}>
      {disputeCaseMessages[locale][`status:${status}`]}
    </Badge>
  );
}

import type { CommandContext } from '../shared/domain/decider.ts';
import { handleCommand } from '../shared/domain/decider.ts';
import type { ProvinceCode } from '../shared/geo/provinces.ts';
import type { UrgentAlertAccepted, UrgentAlertSent } from '../shared/domain/urgent/events.ts';
import { workOrderDecider } from '../shared/domain/work/decider.ts';
import { workOrderStreamId } from '../shared/domain/work/events.ts';
import type { EventStore, Position } from '../shared/eventstore/types.ts';
import { attempt, systemContext } from './money-process.ts';
import type { ScheduledJob } from '../infrastructure/scheduling/scheduled.ts';
import { acceptedAlertsWithoutWorkOrder, type UrgentAlertRow } from '../projections/urgent.ts';

type AcceptedAlert = Pick<
  UrgentAlertSent['data'],
  'alertId' | 'customerId' | 'title' | 'description' | 'category' | 'service' | 'location' | 'priceCents'
> &
  Pick<UrgentAlertAccepted['data'], 'contractorId'>;

/**
 * An accepted urgent alert becomes its work order, awarded to the contractor who accepted at the
 * alert's price; from there the money process gives it a contract (premium included) and escrow
 * like any awarded job. Idempotent: the work order's id is the alert's, and a second award is
 * refused by the work decider.
 */
export async function awardAcceptedAlert(
  store: EventStore,
  alert: AcceptedAlert,
  context: CommandContext,
): Promise<Position | null> {
  let position: Position | null = null;
  await attempt(async () => {
    const result = await handleCommand(
      store,
      workOrderStreamId(alert.alertId),
      workOrderDecider,
      {
        type: 'AwardUrgentJob',
        workOrderId: alert.alertId,
        customerId: alert.customerId,
        contractorId: alert.contractorId,
        details: {
          title: alert.title,
          description: alert.description,
          category: alert.category,
          service: alert.service,
          location: alert.location,
          remote: false,
          budgetMinCents: alert.priceCents,
          budgetMaxCents: alert.priceCents,
          preferredDates: [],
          photos: [],
        },
        now: context.now,
      },
      context,
    );
    position = result.position;
    return result;
  });
  return position;
}

const fromRow = (row: UrgentAlertRow): AcceptedAlert => ({
  alertId: row.alertId,
  customerId: row.customerId,
  contractorId: row.acceptedBy!,
  title: row.title,
  description: row.description,
  category: row.category,
  service: row.service,
  location: {
    fsa: row.fsa,
    city: row.city,
    province: row.province as ProvinceCode,
    lat: row.lat,
    lng: row.lng,
  },
  priceCents: row.priceCents,
});

/** The backstop: an acceptance whose award did not follow (a crash between the two) gets it here. */
export const urgentAwardsJob: ScheduledJob = {
  name: 'urgent-awards',
  intervalMs: 15_000,
  async run({ sql, store, now }) {
    let done = 0;
    for (const row of await acceptedAlertsWithoutWorkOrder(sql)) {
      if (await awardAcceptedAlert(store, fromRow(row), systemContext(now))) done += 1;
    }
    return done;
  },
};

import {
  findWorkOrder,
  proposalsOfWorkOrder,
  WORK_ORDERS_READ_MODEL,
  type WorkOrderRow,
} from '../../../projections/work-orders.ts';
import type { Sql } from '../../../shared/db/postgres.ts';
import { WORK_MESSAGES } from '../../../shared/domain/work/rules.ts';
import { NotFoundError, ValidationError } from '../../../shared/errors.ts';
import { postalCodesOf } from '../../../shared/personal-data/postal-codes.ts';
import { displayNames } from '../accounts/personal-data.ts';
import { contractorFacts } from './contractor-facts.ts';
import { uploadsExist } from './uploads.ts';
import { comparisonRow, partyIds, workOrderView } from './views.ts';

/** The read models a work-order write is answered after. */
export const READ_MODELS = [WORK_ORDERS_READ_MODEL] as const;
/** A cancellation refunds at once: the order's page shows its contract and escrow next. */
export const CANCEL_READ_MODELS = [WORK_ORDERS_READ_MODEL, 'contracts', 'escrows'] as const;

export const WORK_ROUTE_MESSAGES = {
  contractorNotFound: 'The chosen contractor was not found',
  photoNotFound: 'A photo was not found. Please upload it again',
  signInToSee: 'Sign in to see this work order',
  notYours: 'This work order is not yours to see',
  onlyCustomerCompares: 'Only the customer who posted this work order can see its proposals',
  noOwnLocation: 'Add your location to your profile to search near you',
  nearMeContractors: 'Searching near your service area is for contractors',
} as const;

/** The radius of "near me" when the contractor's profile names none. */
export const DEFAULT_SERVICE_RADIUS_KM = 50;

/**
 * What the work routes read beyond the order itself: names (accounts), the parties' postal codes
 * (kept outside the log), the contractors' facts (directory) and the stored photos.
 */
export function workLookups(sql: Sql, dataDir: string) {
  async function orderOr404(id: string): Promise<WorkOrderRow> {
    const order = await findWorkOrder(sql, id);
    if (!order) throw new NotFoundError(WORK_MESSAGES.notFound);
    return order;
  }

  /** The orders as the API answers them, each at the level this viewer may see it. */
  async function viewsOf(orders: WorkOrderRow[], levelOf: (order: WorkOrderRow) => 'party' | 'public') {
    const partyOrders = orders.filter((order) => levelOf(order) === 'party');
    const [names, postalCodes] = await Promise.all([
      displayNames(sql, [...new Set(partyOrders.flatMap(partyIds))]),
      postalCodesOf(
        sql,
        partyOrders.map((order) => order.id),
      ),
    ]);
    return orders.map((order) => workOrderView(order, levelOf(order), names, postalCodes));
  }

  /** One order as its parties see it. */
  async function partyView(id: string) {
    const [view] = await viewsOf([await orderOr404(id)], () => 'party');
    return view!;
  }

  /** The comparison table: each proposal with its contractor's name, rating, badges, jobs and distance. */
  async function comparison(order: WorkOrderRow) {
    const proposals = await proposalsOfWorkOrder(sql, order.id);
    const contractorIds = [...new Set(proposals.map((p) => p.contractorId))];
    const [names, facts] = await Promise.all([displayNames(sql, contractorIds), contractorFacts(sql, contractorIds)]);
    return proposals.map((proposal) =>
      comparisonRow(proposal, order, names.get(proposal.contractorId), facts.get(proposal.contractorId)),
    );
  }

  async function checkPhotos(body: { photos: string[] }) {
    if (!(await uploadsExist(dataDir, body.photos))) {
      throw new ValidationError(WORK_ROUTE_MESSAGES.photoNotFound);
    }
  }

  return { orderOr404, viewsOf, partyView, comparison, checkPhotos };
}

/** Commission and order-state rules (docs/domain.md, Orders and Money), shared by server and screens. */
import {
  AGENT_STATUSES,
  type AgentStatus,
  COMMISSION_SPLIT,
  type CommissionStatus,
  type ReviewType,
} from './constants';

export interface CommissionFigures {
  comission: number;
  comissionWithTextReview: number | null;
  comissionWithPictureReview: number | null;
  comissionWithVideoReview: number | null;
}

/** text -> text figure, picture -> picture figure, video -> video figure, else the base; a missing figure falls back to the base. */
export function computeOrderCommission(product: CommissionFigures, reviewType: ReviewType): number {
  const byType: Partial<Record<ReviewType, number | null>> = {
    text: product.comissionWithTextReview,
    picture: product.comissionWithPictureReview,
    video: product.comissionWithVideoReview,
  };
  const figure = byType[reviewType];
  return figure ?? product.comission;
}

/** The sum of orders' commission (a payout's total), added in paisa so it has no rounding drift. */
export function sumCommission(orders: ReadonlyArray<{ comission: number }>): number {
  return orders.reduce((paisa, order) => paisa + Math.round(order.comission * 100), 0) / 100;
}

/** referral 2%, agent 78%, platform 20%, each to two decimals. */
export function commissionBreakdown(comission: number): { referral: number; agent: number; platform: number } {
  const part = (pct: number) => Math.round(comission * pct) / 100;
  return {
    referral: part(COMMISSION_SPLIT.referral),
    agent: part(COMMISSION_SPLIT.agent),
    platform: part(COMMISSION_SPLIT.platform),
  };
}

const FORWARD: readonly AgentStatus[] = ['submitted', 'Ordered', 'Reviewed', 'Feedbacked'];

/**
 * Agent status machine: forward only along submitted -> Ordered -> Reviewed -> Feedbacked
 * (steps may be skipped); cancelled from any state before Feedbacked while unpaid; cancelled is final.
 * Staying on the same status is allowed (an edit of other fields).
 */
export function canMoveAgentStatus(from: AgentStatus, to: AgentStatus, comissionStatus: CommissionStatus): boolean {
  if (from === 'cancelled') return false;
  if (from === to) return true;
  if (to === 'cancelled') return from !== 'Feedbacked' && comissionStatus === 'unpaid';
  return FORWARD.indexOf(to) > FORWARD.indexOf(from);
}

/**
 * The statuses an agent may pick next for an order (including the current one). A paid order is
 * closed to its agent, so it offers only the status it has.
 */
export function nextAgentStatuses(from: AgentStatus, comissionStatus: CommissionStatus): AgentStatus[] {
  if (comissionStatus === 'paid') return [from];
  return AGENT_STATUSES.filter((to) => canMoveAgentStatus(from, to, comissionStatus));
}

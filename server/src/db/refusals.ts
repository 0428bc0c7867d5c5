/**
 * The database's refusals of an order or a payout, read out of the error a driver threw: the
 * constraints and triggers that guard money and state in SQL (docs/domain.md, Orders and
 * Payouts), each named once here. The services turn each into its 409 and message.
 */
import { isUniqueViolation } from './errors';

const AMZ_ORDER_NUMBER_INDEX = 'orders_amz_order_number_unique';
/** raised by the paid_order_numbers triggers (drizzle/0002_paid_orders_closed.sql) */
const PAID_ORDER_NUMBER_REUSE = 'paid_order_numbers_reuse';
/** The unique indexes on a payout's reference: as written, and its canonical key (drizzle/0015_canonical_paypal.sql). */
const PAYOUT_REFERENCE_INDEXES = ['payouts_reference_key_unique', 'payouts_reference_unique'];

/** The error is the unique index on amz_order_number refusing a duplicate. */
export const isAmzOrderNumberConflict = (error: unknown): boolean => isUniqueViolation(error, AMZ_ORDER_NUMBER_INDEX);

/** The error is the database refusing a number that was already paid on another order. */
export const isPaidOrderNumberReuse = (error: unknown): boolean => isUniqueViolation(error, PAID_ORDER_NUMBER_REUSE);

/** The error is a unique index refusing a second payout with one reference (however it is spelled). */
export const isPayoutReferenceTaken = (error: unknown): boolean =>
  PAYOUT_REFERENCE_INDEXES.some((index) => isUniqueViolation(error, index));

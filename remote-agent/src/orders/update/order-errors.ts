/**
 * What order fetches and updates show on failure: the server's message, else 'Failed to
 * fetch order' / 'Failed to update order', and 'No response from server' when none came.
 */
import { ApiError, errorMessage } from 'shared-api';
import { MESSAGES } from 'shared-api/contract';

export function orderErrorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.kind === 'network') return MESSAGES.orderNoResponse;
  return errorMessage(error, fallback);
}

/** How a failed order load reads (useResource): 'No response from server' when none came. */
export const describeOrderFetchError = (error: unknown): string => orderErrorMessage(error, MESSAGES.orderFetchFailed);

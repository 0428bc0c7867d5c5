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

/**
 * For loads through useApi (which shows the server's message or one fallback): a request
 * that got no answer fails with the orders' own 'No response from server' instead.
 */
export async function withOrderNoResponse<T>(request: Promise<T>): Promise<T> {
  try {
    return await request;
  } catch (error) {
    if (error instanceof ApiError && error.kind === 'network') {
      // marked as the message to show as it is (useApi shows a fromServer message unchanged)
      throw new ApiError(MESSAGES.orderNoResponse, 'network', undefined, true);
    }
    throw error;
  }
}

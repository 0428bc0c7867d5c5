/** Loads ./submit.ts on demand (docs/domain.md, Submitting twice): the sign-in page never needs it. */
import type { ApiResponse, RequestOptions } from './client';
import { ApiError } from './client';
import { MESSAGES } from './contract/messages';
import type { SubmitOptions } from './submit';

let loading: Promise<typeof import('./submit')> | undefined;

function loadSubmit() {
  loading ??= import('./submit').catch((error: unknown) => {
    // a failed chunk load (a network blip, a redeploy) is tried again by the next submission
    loading = undefined;
    throw new ApiError(MESSAGES.noResponse, 'network', undefined, false, { cause: error });
  });
  return loading;
}

/** Starts loading the submission code without waiting: a form calls it as it opens. */
export function preloadSubmit(): void {
  loadSubmit().catch(() => {
    // reported by the submission that needs it
  });
}

/** `apiSubmit` of ./submit.ts, loaded on first use. */
export async function submit<T>(path: string, options: RequestOptions & SubmitOptions): Promise<ApiResponse<T>> {
  return (await loadSubmit()).apiSubmit<T>(path, options);
}

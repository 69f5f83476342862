// The client half of @envgen/envelope: narrowing, retry advice and cursors.
// Written by hand, not generated: `envgen generate` leaves files without its
// header alone. Import it as "@envgen/envelope/client".

import type { Envelope } from "./envelope.js";
import type { Category, Error as EnvelopeError } from "./error.js";

/** An envelope of a call that succeeded: `data` is there. */
export type Success<T> = Envelope<T> & { success: true; data: T };

/** An envelope of a call that failed: `error` is there. */
export type Failure<T> = Envelope<T> & { success: false; error: EnvelopeError };

/** Whether the call succeeded; narrows `data` to present. */
export function isSuccess<T>(env: Envelope<T>): env is Success<T> {
  return env.success && env.data !== undefined;
}

/** Whether the call failed; narrows `error` to present. */
export function isFailure<T>(env: Envelope<T>): env is Failure<T> {
  return !env.success && env.error !== undefined;
}

/** Whether the call succeeded with losses: some of the work failed or was skipped, and warnings say which. */
export function isPartial<T>(env: Envelope<T>): boolean {
  return env.success && env.status === "partial";
}

/** What to do about a failed call. */
export interface RetryAdvice {
  /** Whether the same call, unchanged, may succeed later. */
  retry: boolean;
  /** Milliseconds to wait first, when the server said; otherwise back off exponentially. */
  afterMs?: number;
  /** What must change before a retry can help, or why it cannot. */
  reason: string;
}

/** The advice of error.json's category description, keyed by category. */
const advice: Readonly<Record<Category, RetryAdvice>> = {
  validation: { retry: false, reason: "the input is invalid: change it before calling again" },
  authentication: { retry: false, reason: "credentials are missing or invalid: re-authenticate, then retry" },
  authorization: { retry: false, reason: "the caller is not permitted" },
  not_found: { retry: false, reason: "the target does not exist" },
  conflict: { retry: false, reason: "the target's state forbids the call: re-read it, then retry" },
  rate_limit: { retry: true, reason: "too many calls: wait, then retry" },
  feature_flag: { retry: false, reason: "the feature is not enabled for this caller or tier: see meta.upgrade_hints" },
  internal: { retry: true, reason: "an unexpected failure in the tool: retry with exponential backoff" },
  unavailable: { retry: true, reason: "a dependency is temporarily unavailable: retry with exponential backoff" },
};

/**
 * The retry advice for a failed call: the server's own `error.retry` when it
 * sent one, else what the error's category implies; the wait comes from
 * `error.retry.after_ms`, then `meta.rate_limit.retry_after_ms`.
 */
export function retryAdvice<T>(env: Failure<T>): RetryAdvice {
  const base = advice[env.error.category];
  const afterMs = env.error.retry?.after_ms ?? env.meta?.rate_limit?.retry_after_ms;
  const out: RetryAdvice = { retry: env.error.retry?.retryable ?? base.retry, reason: base.reason };
  if (out.retry && afterMs !== undefined) out.afterMs = afterMs;
  return out;
}

/** The cursor of the next page, or undefined on the last page. Cursors are opaque: pass them back unchanged. */
export function nextCursor<T>(env: Envelope<T>): string | undefined {
  const page = env.meta?.pagination;
  return page?.has_more ? page.cursor : undefined;
}

/**
 * The arguments of the call for the next page: `args` with the cursor of
 * `env`, or undefined when there is no next page.
 */
export function nextPage<A extends object, T>(args: A, env: Envelope<T>): (A & { cursor: string }) | undefined {
  const cursor = nextCursor(env);
  return cursor === undefined ? undefined : { ...args, cursor };
}

import type { Dispatcher } from 'undici';

// --rate-limit (issue 27 item 5): at most N requests a second to the target, as Schemathesis's --rate-limit paces
// its requests, for a gateway that throttles above a rate. A token bucket that holds one token, refilled every
// 1/N s, as an undici interceptor beneath the retry interceptor, so a retry waits for its token too. One schedule
// per thread and rate: the clients a run makes one after another (one per suite file) share it, so a new client
// does not start with a burst.

const schedules = new Map<number, { next: number }>();

/** Holds each request until its token is due, then dispatches it. */
export function pacingInterceptor(perSecond: number): Dispatcher.DispatcherComposeInterceptor {
  const interval = 1_000 / perSecond;
  const schedule = schedules.get(perSecond) ?? { next: 0 };
  schedules.set(perSecond, schedule);
  return (dispatch) => (opts, handler) => {
    const now = Date.now();
    const at = Math.max(now, schedule.next);
    schedule.next = at + interval;
    if (at <= now) return dispatch(opts, handler);
    setTimeout(() => {
      try {
        dispatch(opts, handler);
      } catch (error) {
        handler.onResponseError?.(undefined as never, error as Error);
      }
    }, at - now);
    return true;
  };
}

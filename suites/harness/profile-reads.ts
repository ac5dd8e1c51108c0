import { ANSWER_ONLY, type Departure } from '../../sut/departure.ts';

// The profile as one check reads it (issue 21): every dotted key it reads is recorded, so that a failure can name
// the values among them that were inferred rather than written by the user (sut/infer/provenance.ts) — those its
// judgment used, not every key the check's set-up touched (issue 29 item 4).

/** `profile` behind a proxy that adds to `read` the dotted path of each member read (members of members too). */
export function recordingProfile<T extends object>(profile: T, read: { add(key: string): unknown }): T {
  const proxies = new Map<string, object>();
  const wrap = (target: object, at: string): object => {
    let proxy = proxies.get(at);
    if (!proxy) {
      proxy = new Proxy(target, {
        get(t, name, receiver) {
          const value: unknown = Reflect.get(t, name, receiver);
          if (typeof name !== 'string' || name.startsWith('$')) return value;
          const path = at === '' ? name : `${at}.${name}`;
          read.add(path);
          return value !== null && typeof value === 'object' ? wrap(value, path) : value;
        },
      });
      proxies.set(at, proxy);
    }
    return proxy;
  };
  return wrap(profile, '') as T;
}

/** Per key a check read, when: the check's count of answers taken at its first and at its last read. */
export type ProfileReads = Map<string, { first: number; last: number }>;

/**
 * The keys a failure's judgment used: those read after its answer arrived (`arrived`, by the check's count of
 * answers), and, unless the departure is one the request cannot explain, those read before it too (the request
 * was built from them: a template the target refuses). An answer the check did not take itself (one the run
 * heard) was built by another: only the later reads count.
 */
export function judgmentReads(reads: ProfileReads, arrived: number | undefined, departure: Departure | undefined): string[] {
  if (arrived === undefined && departure === undefined) return [...reads.keys()];
  const before = arrived !== undefined && !(departure && ANSWER_ONLY[departure.kind]);
  return [...reads].filter(([, at]) => at.last >= (arrived ?? Number.POSITIVE_INFINITY) || (before && at.first < arrived!)).map(([key]) => key);
}

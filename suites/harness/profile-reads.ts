// The profile as one check reads it (issue 21): every dotted key it reads is recorded, so that a failure can name
// the values among them that were inferred rather than written by the user (sut/infer/provenance.ts).

/** `profile` behind a proxy that adds to `read` the dotted path of each member read (members of members too). */
export function recordingProfile<T extends object>(profile: T, read: Set<string>): T {
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

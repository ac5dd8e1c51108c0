import type { RunningServer } from './server/server.ts';

/**
 * What a run or init may change on the independent server and must put back (docs/safety.md): the associations of
 * agencies with apps and the callback of every configured topic. (Invitations stay, and so do the accounts of
 * agencies registered and dissociated: the API has no way to withdraw either. A webhook secret is write-only: it is
 * put back as the profile's template gives it.)
 */
export function restorable(server: RunningServer): string {
  const agencies = [...server.store.agencies.values()].flatMap((a) => (a.apps.size > 0 ? [`${a.adminMail}: ${[...a.apps].sort().join(' ')}`] : [])).sort();
  const topics = [...server.store.webhooks].flatMap(([app, configs]) => [...configs].map(([topic, c]) => `${app} ${topic} → ${c.url}`)).sort();
  return [...agencies, ...topics].join('\n');
}

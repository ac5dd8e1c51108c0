import { check } from '../../../suites/harness/check.ts';
import { webhookSession } from '../../../suites/harness/webhook-session.ts';

// Checks whose every body is CPU-bound on what the target sent, for ever: the worker never yields, so neither
// a timer nor a message of the main thread reaches it. The first points the primary app's inquiry topic at the
// run's receiver before it spins, so the run has something to put back. The run's deadline and a signal must
// still end the run within seconds, the target restored and the reports written. Run only by
// test/hostile/cpu-bound.test.ts (busy-run.ts).

const session = webhookSession();

/** Reads the target's answer over and over, and never returns. */
function spin(body: string): never {
  let folded = 0;
  for (;;) folded = (folded + body.toLowerCase().length) % 1_000_003;
}

check(
  'events/inquiry-webhook-delivered',
  async (c) => {
    const res = await session.configure('primary', c.ctx.profile.topics.inquiry, await session.callbackUrl('busy'));
    spin(res.text);
  },
  { mutates: true },
);

for (const id of ['home/etag-present', 'catalogo/list-entries-resolve', 'filters/marcas-q']) {
  check(id, async (c) => {
    const res = await c.sendRaw({ method: 'GET', path: '/v3' });
    spin(res.text);
  });
}

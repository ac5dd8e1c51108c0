import { found, guessed, outcome, type Inferrer } from './probe.ts';

// The simulation hooks (docs/simulation-hooks.md) sit where the target chooses; the spec
// defines none. A hooks base answers POST {hooks}/consultas without a valid body with 400 (a validation problem:
// nothing is created), where any other path answers 404 or 405. The bases tried are the conventional names a
// server gives such test-only endpoints, at the root and under /v3.

const NAMES = [
  '_sim',
  '__sim',
  'sim',
  '_simulation',
  'simulation',
  '_hooks',
  '__hooks',
  'hooks',
  '_sandbox',
  '__sandbox',
  'sandbox',
  '_test',
  '__test',
  'test',
  'testing',
  '_dev',
  'dev',
];
const BASES = [...NAMES.map((n) => `/${n}`), ...NAMES.map((n) => `/v3/${n}`)];

export const hooksInferrer: Inferrer = {
  name: 'simulation hooks',
  keys: ['simulationHooks'],
  async infer(p) {
    // A target that answers every bodiless POST with 400 shows nothing by it.
    const control = await p.client.send({ method: 'POST', path: '/vmp-conformance-no-such-hooks/consultas', json: {} });
    // Not found is written as null (the checks that need hooks skip, saying so; run does not probe again), marked.
    if (control.status === 400)
      return outcome([
        guessed(
          'simulationHooks',
          null,
          'not told: POST to a path that is no hooks base answers 400 too',
          "the hooks cannot be told by their 400: give the target's hooks base (--hooks PATH), or leave null if it has none",
        ),
      ]);
    for (const base of BASES) {
      if (p.signal?.aborted) break;
      const res = await p.client.send({ method: 'POST', path: `${base}/consultas`, json: {} });
      if (res.status === 400)
        return outcome([
          found('simulationHooks', base, `POST ${base}/consultas with an empty body answered 400, as the hooks do (other bases answered 404/405)`),
        ]);
    }
    return outcome([
      guessed(
        'simulationHooks',
        null,
        `not found: no conventional base (${BASES.slice(0, 5).join(', ')}, …) answers POST {hooks}/consultas`,
        "give the target's hooks base (--hooks PATH, of init and run), or leave null if it has none: the checks that need hooks skip while it is null",
      ),
    ]);
  },
};

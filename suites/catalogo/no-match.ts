import { MARCAS_NO_MATCH, marcasNoMatchReading } from '../../models/index.ts';
import type { Check } from '../harness/check.ts';

// Endpoints > Marcas: bestmatch answers "200 (body form of the match)"; "responses beyond 200 for this path: not
// shown". A make nobody registers (it carries the run id) is answered as the profile's marcasNoMatch says
// (models/no-match.ts): 404, a 400 keyed make, or 200 with the nearest make. Where the profile does not know it,
// the answer is only recorded.

/** A make no target registers: this run's id is in it. */
export const unmatchedMake = (c: Check): string => `${c.ctx.runId}-ninguna-marca`;

export async function judgeMarcasNoMatch(c: Check): Promise<void> {
  const make = unmatchedMake(c);
  const res = await c.send('marcas-bestmatch', { query: { make } });
  const choice = c.ctx.profile.marcasNoMatch;
  const what = `GET /v3/marcas/bestmatch?make=${make}, a make nobody registers`;
  if (choice === null) c.skip(`${what} answered ${res.status ?? res.error?.code}; not judged (the profile's marcasNoMatch is not known)`);
  const { status, says } = MARCAS_NO_MATCH[choice];
  const expectation = `${says} (the profile's marcasNoMatch: ${choice}) — ${what}`;
  c.expectStatus(res, status, expectation);
  c.expect(marcasNoMatchReading(res.status, res.json) === choice, expectation, res);
}

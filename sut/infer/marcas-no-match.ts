import { MARCAS_NO_MATCH, marcasNoMatchReading } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { found, hint, outcome, type Inferrer } from './probe.ts';

// Endpoints > Marcas: "responses beyond 200 for this path: not shown". A make nobody registers (this probing's run
// id is in it) tells the readings apart (models/no-match.ts): 404, a 400 keyed make, or 200 with the nearest make.

export const marcasNoMatchInferrer: Inferrer = {
  name: 'a make that matches none',
  keys: ['marcasNoMatch'],
  async infer(p) {
    const make = `${p.runId}-ninguna-marca`;
    const res = await callEndpoint(p.client, 'marcas-bestmatch', { query: { make } });
    const how = `GET /v3/marcas/bestmatch?make=${make}, a make nobody registers, answered`;
    const reading = marcasNoMatchReading(res.status, res.json);
    if (reading) return outcome([found('marcasNoMatch', reading, `${how} ${MARCAS_NO_MATCH[reading].says}`)]);
    const readings = Object.values(MARCAS_NO_MATCH).map((r) => r.says);
    return outcome([], [hint('marcasNoMatch', `${how} ${res.status ?? res.error?.code}: none of ${readings.join(', ')}`)]);
  },
};

import { LIMITS, lastPageOf, PAST_LAST_PAGE, pastLastPageReading } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { found, hint, outcome, type Inferrer } from './probe.ts';

// Paged list envelope: "Pagina … current page number"; what a page past the last answers is not shown. The fixture
// agency's first page gives its last (Total, PerPagina); the page after it tells the three readings apart
// (models/paged-list.ts PAST_LAST_PAGE): 200 with no entries, 404, or a 400 keyed pagina. Anything else is none.

export const pastLastPageInferrer: Inferrer = {
  name: 'a page past the last',
  keys: ['pastLastPage'],
  async infer(p) {
    const agency = p.fixtures.agency;
    if (agency === undefined) return outcome([], [hint('pastLastPage', 'no agency of the primary app is known to read an inquiry list of')]);
    const list = (pagina: number) => callEndpoint(p.client, 'consultas-list', { params: { adminMail: agency }, query: { pagina }, form: 'json' });
    const first = await list(LIMITS.pagina.first);
    const last = first.status === 200 ? lastPageOf(first.json) : undefined;
    const where = `GET /v3/consultas/${agency}`;
    if (last === undefined)
      return outcome([], [hint('pastLastPage', `${where}?pagina=1 answered ${first.status ?? first.error?.code} without Total and PerPagina`)]);
    const pagina = last + 1;
    if (pagina > LIMITS.pagina.maximum)
      return outcome(
        [],
        [hint('pastLastPage', `the page after the last (${pagina}) is past pagina's maximum ${LIMITS.pagina.maximum}: see the target's documentation`)],
      );
    const res = await list(pagina);
    const how = `${where}?pagina=${pagina}, the page after the last, answered`;
    const reading = pastLastPageReading(res.status, res.json);
    if (reading) return outcome([found('pastLastPage', reading, `${how} ${PAST_LAST_PAGE[reading].says}`)]);
    const readings = Object.values(PAST_LAST_PAGE).map((r) => r.says);
    return outcome([], [hint('pastLastPage', `${how} ${res.status ?? res.error?.code}: none of ${readings.join(', ')}`)]);
  },
};

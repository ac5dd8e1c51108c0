import { ENDPOINTS, essence, MEDIA_TYPES, unlistedForms } from '../../models/index.ts';
import type { Check } from '../harness/check.ts';
import { validRequest, type RequestEnv } from './requests.ts';

// Conventions: "not every endpoint offers every one; see Endpoints". A row that leaves a media type out of its
// list (or whose resource has no reference form) may refuse a request for it or answer in another form, but
// never label an answer as that type. One rule walks every such row: the statement is one sentence, and a
// failure names the row; the reference form is the only one any row leaves out.

export async function checkUnlistedForms(c: Check, env: RequestEnv): Promise<void> {
  const unreachable: string[] = [];
  let asked = 0;
  for (const e of ENDPOINTS) {
    const forms = unlistedForms(e);
    if (forms.length === 0) continue;
    const call = await validRequest(c, e, env, !c.ctx.readOnly);
    if (typeof call === 'string') {
      unreachable.push(`${e.id} (${call})`);
      continue;
    }
    for (const form of forms) {
      const res = await c.send(e.id, { ...call, form });
      asked += 1;
      const type = essence(res.headers['content-type']);
      c.expect(type !== MEDIA_TYPES[form], `${e.method} ${e.path} does not list ${MEDIA_TYPES[form]}: an answer in another form or a refusal, not one labelled ${type}`, res);
    }
  }
  if (unreachable.length > 0) c.observe(`not asked: ${unreachable.join('; ')}`);
  if (asked === 0) c.skip(`no row that leaves a media type out could be sent a valid request: ${unreachable.join('; ')}`);
}

import {
  forbiddenProblem,
  otherResponse,
  representationModel,
  representationOf,
  validationProblem,
  type Endpoint,
  type MediaForm,
} from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from './check.ts';

// The body a documented status carries, judged against its model: success bodies by the representation of
// the form requested (Conventions: ref is the reference form, every other type the full one), 400/409 as a
// validation problem and 403 as a problem body (Errors), no body where the row says "no body". A 404 has
// "no body defined" (Errors), so it is never judged.

export function expectDocumentedBody(c: Check, e: Endpoint, res: TargetResponse, form?: MediaForm): void {
  const spec = res.status === e.success.status ? e.success : otherResponse(e, res.status ?? -1);
  if (!spec) return c.fail(`one of the codes ${e.method} ${e.path} documents`, res);
  switch (spec.body) {
    case 'representation': {
      const representation = representationOf(form ?? 'json');
      const model = c.present(
        e.success.representation && representationModel(e.success.representation, representation),
        `a ${representation} form of ${e.success.representation ?? 'the representation'}`,
        res,
      );
      c.expectModel(res, model, `a ${e.success.representation} (${representation} form) body`);
      return;
    }
    case 'validation-problem':
      c.expectModel(res, validationProblem(), 'a validation problem body');
      return;
    case 'problem':
      c.expectModel(res, forbiddenProblem(), 'a problem body (a JSON object)');
      return;
    case 'none':
      c.expect(res.text === '', `no body with ${res.status}`, res);
      return;
    case 'webhook-payload':
      // Endpoints > Consultas: "the body carries the webhook payload that was sent"; its fields are not shown.
      c.expect(res.json !== undefined, 'the webhook payload that was sent, as a JSON body', res);
      return;
    case 'undefined-body':
      return;
  }
}

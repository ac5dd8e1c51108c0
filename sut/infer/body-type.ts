import { BODY_TYPE_REFUSAL, bodyTypeRefusalReading, OTHER_BODY_TYPE } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { fillTemplate } from '../templates.ts';
import { found, hint, outcome, type Inferrer } from './probe.ts';

// Endpoints: a request body is "(application/json or text/json)"; how one labelled otherwise is refused is not
// shown (models/body-type-refusal.ts). The request conventions/body-other-type-refused sends tells the readings apart:
// POST of the registration topic, unconfigured first (saved, and put back when the probing ends), with a valid
// AppWebhookUpsert labelled text/plain: 415, or a 400 with a validation problem. A target that takes it (201) shows
// neither; the configuration it made is put back like any other.

export const bodyTypeInferrer: Inferrer = {
  name: 'a body of another media type',
  keys: ['bodyTypeRefusal'],
  async infer(p) {
    const topic = p.known.topics?.registration;
    const template = p.known.templates?.webhookUpsert;
    if (p.readOnly || topic === undefined || template === undefined)
      return outcome(
        [],
        [hint('bodyTypeRefusal', `${p.readOnly ? '--read-only changes nothing' : 'no registration topic or upsert template is known'}: not tried`)],
      );
    p.changes.useTemplate(template);
    if (!(await p.changes.guard('primary', topic)))
      return outcome([], [hint('bodyTypeRefusal', `'${topic}' could not be saved to be put back: not tried; see the target's documentation`)]);
    const deleted = await callEndpoint(p.client, 'appnotificaciones-delete', { params: { topic } });
    if (deleted.status !== 204 && deleted.status !== 404)
      return outcome([], [hint('bodyTypeRefusal', `DELETE /v3/appnotificaciones/${topic} answered ${deleted.status ?? deleted.error?.code}: not tried`)]);
    const json = fillTemplate(template, { url: p.receiver?.url('body-type') ?? 'https://vmp-conformance.invalid/init', runId: p.runId });
    const res = await callEndpoint(p.client, 'appnotificaciones-post', { params: { topic }, json, contentType: OTHER_BODY_TYPE });
    const how = `POST /v3/appnotificaciones/${topic} (not configured) with a valid AppWebhookUpsert labelled ${OTHER_BODY_TYPE} answered`;
    const reading = bodyTypeRefusalReading(res.status, res.json);
    if (reading) return outcome([found('bodyTypeRefusal', reading, `${how} ${BODY_TYPE_REFUSAL[reading].says}`)]);
    return outcome([], [hint('bodyTypeRefusal', `${how} ${res.status ?? res.error?.code}: neither 415 nor a 400 validation problem (put back afterwards)`)]);
  },
};

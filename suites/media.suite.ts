import { afterAll } from 'vitest';
import { endpoint, ENDPOINTS, hasRule, mediaRuleId, requestMediaRuleId } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import { check, type Check } from './harness/check.ts';
import { targetClient } from './harness/context.ts';
import { registerFreshAgency } from './harness/invitations.ts';
import { webhookSession } from './harness/webhook-session.ts';
import { registerConventionChecks } from './media/conventions.ts';
import { checkForm, checkOtherBodyType, checkTextJsonBody, observeOffered } from './media/forms.ts';
import type { RequestEnv } from './media/requests.ts';
import { checkUnlistedForms } from './media/unlisted.ts';

// Resources and their fields > Conventions (media types), Endpoints (the media types each row offers) and
// Versioning. One check per media/<endpoint>/<form> rule, walking the endpoint catalog as data; rows that list
// no media types get an observation of what the target offers. Changes touch only an agency this run
// registered and the registration topic's configuration, saved first and restored in afterAll.

const session = webhookSession();
let ownAgency: string | undefined;

const env: RequestEnv = {
  session,
  async ownAgency(c: Check) {
    ownAgency ??= await registerFreshAgency(c);
    return ownAgency;
  },
};

afterAll(async () => {
  // The agency was registered by this run only for PUT: leave the app as it was.
  if (ownAgency) await callEndpoint(targetClient().restoring(), 'agencias-desasociar', { params: { adminMail: ownAgency } });
});

for (const e of ENDPOINTS) {
  // A change of state: PUT of an agency, POST and PUT of a webhook configuration.
  const mutates = e.method !== 'GET' && e.method !== 'OPTIONS';
  for (const form of e.success.mediaTypes ?? []) {
    check(mediaRuleId(e.id, form), (c) => checkForm(c, e, form, env), { mutates });
  }
  if (hasRule(`media/${e.id}/offered`)) check(`media/${e.id}/offered`, (c) => observeOffered(c, e, env), { mutates });
  if (hasRule(requestMediaRuleId(e.id))) check(requestMediaRuleId(e.id), (c) => checkTextJsonBody(c, e, env), { mutates: true });
}

check('conventions/body-other-type-refused', (c) => checkOtherBodyType(c, endpoint('appnotificaciones-post'), env), { mutates: true });
check('conventions/unlisted-media-form-never-served', (c) => checkUnlistedForms(c, env));

registerConventionChecks(env);

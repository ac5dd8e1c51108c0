import { ENDPOINTS, type Endpoint } from '../../models/index.ts';
import { bodyVariants, LONG_LENGTHS_MUTATING, segmentValues } from '../../generators/tricky.ts';
import { endpointRequest, type EndpointCall } from '../../sut/call.ts';
import type { Check } from '../harness/check.ts';
import { freshAdminMail, invite } from '../harness/invitations.ts';
import { adminMailMembers, agenciaCreateBody, anyAgenciaEditBody, webhookUrl } from '../harness/request-inputs.ts';
import type { RunLedger } from '../harness/run-ledger.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';
import { tryHookRegistration } from '../events/hooks.ts';
import { callWith, casesOf, drawsOf, sendCase } from '../limits/limit-run.ts';
import { bodyVariantCalls, needsAgency } from './tricky-calls.ts';

// The deterministic phase of errors/no-server-error: every input of the boundary phase on every catalog
// endpoint, path segments with percent-encoded characters on the reads, and request bodies with each member
// null or long — first where nothing can change, then (unless read-only) on the create and replace paths of
// resources the run owns. What the run already sent (the run ledger knows) is not sent again.

/** Sends a call unless the run already sent that very request. */
async function sendOnce(c: Check, ledger: RunLedger, endpointId: string, call: EndpointCall): Promise<void> {
  if (!ledger.wasSent(endpointRequest(endpointId, call))) await c.send(endpointId, call);
}

/** The endpoints the check may send to: in a read-only run, reads only (no refused POST or PUT either). */
export const endpointsFor = (c: Check): Endpoint[] => ENDPOINTS.filter((e) => !c.ctx.readOnly || e.method === 'GET' || e.method === 'OPTIONS');

/** Requests that change nothing: boundary and tricky values of every parameter, odd path segments, body variants. */
export async function sendHarmless(c: Check, ledger: RunLedger): Promise<void> {
  const draws = drawsOf(c);
  for (const e of endpointsFor(c)) {
    for (const p of e.params) {
      // errors/no-server-error runs without a fixture agency too: what needs one in its path is left out.
      if (needsAgency(c, e, p)) continue;
      for (const bc of await casesOf(c, { e, p })) {
        // sendCase leaves out what could touch something the run did not create (and removes a topic it created).
        if (!ledger.wasSent(endpointRequest(e.id, callWith(c, { e, p }, bc.value, true)))) await sendCase(c, { e, p }, bc.value, false, true);
      }
      // A segment that carries '/' as %2F reads another resource on a server that decodes it first: reads only.
      if (e.method !== 'GET') continue;
      for (const s of segmentValues(p, draws.domain)) await sendOnce(c, ledger, e.id, callWith(c, { e, p }, s.value, true));
    }
    for (const t of bodyVariantCalls(c, e)) await sendOnce(c, ledger, t.endpointId, t.call);
  }
}

/**
 * The create and replace paths, with each body member null or past common column sizes: invitations of fresh
 * AdminMails, an edit of an agency the run invited and registered (through the simulation hooks; dissociated
 * afterwards), and a replacement of the inquiry topic's configuration (saved first, restored by the session).
 */
export async function sendChanging(c: Check, session: WebhookSession): Promise<void> {
  const fixed = adminMailMembers(c);
  const count = bodyVariants(agenciaCreateBody(c, 'x'), fixed, LONG_LENGTHS_MUTATING).length;
  for (let i = 0; i < count; i++) {
    // One fresh AdminMail per variant: each may be accepted (202), and a second invitation would be a 409.
    const json = bodyVariants(agenciaCreateBody(c, freshAdminMail(c, 'srv')), fixed, LONG_LENGTHS_MUTATING)[i]!.json;
    await c.send('agencias-invite', { json });
  }
  if (c.ctx.profile.simulationHooks !== null) {
    const adminMail = freshAdminMail(c, 'srvedit');
    const invited = await invite(c, adminMail);
    const registered = invited.status === 202 ? await tryHookRegistration(c, adminMail) : undefined;
    if (registered?.done) {
      for (const v of bodyVariants(anyAgenciaEditBody(c, adminMail), [], LONG_LENGTHS_MUTATING)) {
        await c.send('agencias-put', { params: { adminMail }, json: v.json });
      }
      await c.send('agencias-desasociar', { params: { adminMail } });
    }
  }
  const topic = c.ctx.profile.topics.inquiry;
  const configured = await session.configure('primary', topic, webhookUrl(c));
  if (configured.status !== 200 && configured.status !== 201) return;
  for (const v of bodyVariants(session.upsertBody(webhookUrl(c)), [], LONG_LENGTHS_MUTATING)) {
    await c.send('appnotificaciones-put', { params: { topic }, json: v.json });
  }
}

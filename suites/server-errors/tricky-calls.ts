import { LIMITS, type Endpoint, type ParamSpec } from '../../models/index.ts';
import { boundaryCases } from '../../generators/boundaries.ts';
import { bodyVariants } from '../../generators/tricky.ts';
import type { EndpointCall } from '../../sut/call.ts';
import type { Check } from '../harness/check.ts';
import { adminMailMembers, agenciaCreateBody, anyAgenciaEditBody, webhookBody } from '../harness/request-inputs.ts';
import { callWith, drawsOf } from '../limits/limit-run.ts';

// Requests with the inputs real implementations trip on (issue 12 §4) that change nothing: the values of
// query parameters the spec does not decide (odd characters, long strings, unclear e-mail forms), and
// request bodies with one member null or long, sent where they cannot create or replace anything. The
// status suite holds them to the documented codes; errors/no-server-error to "no 5xx".

export interface TrickyCall {
  label: string;
  endpointId: string;
  call: EndpointCall;
}

/** An adminMail of valid length that no one but this run could have: never invited, so PUT answers 403. */
export function absentAdminMail(c: Check): string {
  const domain = c.ctx.profile.invitationDomain.toLowerCase();
  const local = `${c.ctx.runId}-absent`.toLowerCase().slice(0, Math.max(1, LIMITS.adminMail.maxLength - domain.length - 1));
  return `${local}@${domain}`;
}

/** A topic no app was offered (Endpoints > AppNotificaciones: PUT answers 404). */
export const absentTopic = (c: Check): string => `${c.ctx.runId}-none`.toLowerCase();

/**
 * Whether the request for `p` needs the fixture agency in its path (callWith fills the other path parameters):
 * without one, discovery's reason skips the check, so a check that must run without it leaves such cases out.
 */
export const needsAgency = (c: Check, e: Endpoint, p: ParamSpec): boolean =>
  p.name !== 'adminMail' && e.params.some((q) => q.in === 'path' && q.name === 'adminMail') && c.known('agency') === undefined;

/** The query-parameter values of boundaryCases() the spec does not decide, one request each. */
export function undecidedQueryCalls(c: Check, e: Endpoint): TrickyCall[] {
  return e.params
    .filter((p) => p.in === 'query' && !needsAgency(c, e, p))
    .flatMap((p) =>
      boundaryCases(p, drawsOf(c))
        .filter((bc) => bc.expect === 'either')
        .map((bc) => ({ label: `${p.name}: ${bc.label}`, endpointId: e.id, call: callWith(c, { e, p }, bc.value, true) })),
    );
}

/**
 * The endpoint's request body with each member null or long, where nothing can change: inviting the
 * fixture agency (already registered: 409; left out when discovery found none that is surely registered), editing an agency never invited (403), configuring the
 * profile's unavailable topic (403) and replacing a topic nobody configured (404).
 */
export function bodyVariantCalls(c: Check, e: Endpoint): TrickyCall[] {
  const at = (endpointId: string, params: Record<string, string>, body: Record<string, unknown>, fixed: string[] = []): TrickyCall[] =>
    bodyVariants(body, fixed).map((v) => ({ label: `body ${v.label}`, endpointId, call: { params, json: v.json } }));
  switch (e.id) {
    case 'agencias-invite': {
      // An agency that has received inquiries is registered (409); an invitation still pending is not.
      const registered = c.ctx.fixtures.inquiryTotal > 0 ? c.known('agency') : undefined;
      return registered ? at(e.id, {}, agenciaCreateBody(c, registered), adminMailMembers(c)) : [];
    }
    case 'agencias-put': {
      const adminMail = absentAdminMail(c);
      return at(e.id, { adminMail }, anyAgenciaEditBody(c, adminMail));
    }
    case 'appnotificaciones-post':
      return at(e.id, { topic: c.ctx.profile.topics.unavailable }, webhookBody(c));
    case 'appnotificaciones-put':
      return at(e.id, { topic: absentTopic(c) }, webhookBody(c));
    default:
      return [];
  }
}

import fc from 'fast-check';
import type { Endpoint, ParamSpec } from '../../models/index.ts';
import { paramArbitrary } from '../../generators/params.ts';
import { nonEmailArbitrary } from '../../generators/text.ts';
import type { EndpointCall } from '../../sut/call.ts';
import type { Check } from '../harness/check.ts';
import { lengthsPast } from '../harness/lengths.ts';
import { MALFORMED_JSON, NOT_AN_OBJECT, adminMailMembers, anyAgenciaEditBody, fixtureSid, pathSafe, webhookBody } from '../harness/request-inputs.ts';
import { fillTemplate } from '../../sut/templates.ts';
import { bodyVariants } from '../../generators/tricky.ts';

// Random requests for "answers only the codes it documents": a mix of valid and invalid parameter values
// (generators/params.ts) and, for bodies, the template, an empty object, malformed JSON, a non-object, and
// the template with one member null or long (generators/tricky.ts).
// Requests to endpoints that change things draw only what cannot change anything: agencies and topics nobody
// configured (checked first with a GET, see `guard`), invalid values, and never a valid body on a real topic.

export interface Draw {
  call: EndpointCall;
  /** Read first, and leave the draw out when it names something that exists. */
  guard?: 'agency-absent' | 'topic-unconfigured';
}

type BodyKind = 'template' | 'empty' | 'malformed' | 'not-object';
const BODY_KINDS: BodyKind[] = ['template', 'empty', 'malformed', 'not-object'];

function bodyOf(kind: BodyKind, template: unknown): EndpointCall {
  switch (kind) {
    case 'template':
      return { json: template };
    case 'empty':
      return { json: {} };
    case 'malformed':
      return { body: MALFORMED_JSON, contentType: 'application/json' };
    case 'not-object':
      return { json: NOT_AN_OBJECT };
  }
}

const token = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789'), minLength: 1, maxLength: 12 });

export function drawArbitrary(c: Check, e: Endpoint): fc.Arbitrary<Draw> {
  const o = { today: c.ctx.today, domain: c.ctx.profile.invitationDomain };
  const param = (name: string): ParamSpec => e.params.find((p) => p.name === name)!;
  const anyValue = (p: ParamSpec) => paramArbitrary(p, o).filter((v) => p.in !== 'path' || pathSafe(v));
  // paramArbitrary's strings stay short (fast-check's default size), so a too-long topic is drawn explicitly.
  const tooLong = (p: ParamSpec) => lengthsPast(p.maxLength ?? 0);
  const inventedMail = token.map((s) => `${c.ctx.runId}-d${s}@${o.domain}`);
  const inventedTopic = token.map((s) => `${c.ctx.runId}-d${s}`);
  const { topics } = c.ctx.profile;
  const nobodysTopic = () => fc.oneof(fc.constant(topics.unavailable), inventedTopic, tooLong(param('topic')));
  /** The template with one member null or long; none for a template without members. */
  const variants = (template: Record<string, unknown>, fixed: string[] = []): fc.Arbitrary<EndpointCall>[] => {
    const all = bodyVariants(template, fixed);
    return all.length === 0 ? [] : [fc.constantFrom(...all).map((v) => ({ json: v.json }))];
  };
  const anyBody = (template: Record<string, unknown>) =>
    fc.oneof(
      fc.constantFrom(...BODY_KINDS).map((k) => bodyOf(k, template)),
      ...variants(template),
    );

  switch (e.id) {
    case 'agencias-invite': {
      // Never a fresh valid AdminMail (that would invite someone): invalid bodies, or an agency already registered
      // (409) — the fixture agency when it has received inquiries, which an invitation still pending has not.
      const create = (adminMail: string) => fillTemplate(c.ctx.profile.templates.agenciaCreate, { adminMail, runId: c.ctx.runId });
      const registered = (c.ctx.fixtures.inquiryTotal > 0 && c.known('agency')) || undefined;
      return fc.oneof(
        fc.constantFrom<BodyKind>('empty', 'malformed', 'not-object').map((k) => ({ call: bodyOf(k, undefined) })),
        nonEmailArbitrary.map((m) => ({ call: { json: create(m) } })),
        ...(registered ? [fc.constant({ call: { json: create(registered) } })] : []),
        // Its AdminMail kept (409 or 400), each other member null or long: a long AdminMail would invite someone else.
        ...(registered ? variants(create(registered), adminMailMembers(c)).map((a) => a.map((call) => ({ call }))) : []),
      );
    }
    case 'agencias-put':
    case 'agencias-desasociar': {
      const adminMail = fc.oneof(inventedMail, anyValue(param('adminMail')));
      // Any answer among the documented ones will do here: {} stands in for an AgenciaEdit the profile does not know.
      const body = e.body ? anyBody(anyAgenciaEditBody(c, `${c.ctx.runId}@${o.domain}`)) : fc.constant({});
      return fc.tuple(adminMail, body).map(([m, b]) => ({ call: { params: { adminMail: m }, ...b }, guard: 'agency-absent' }));
    }
    case 'appnotificaciones-post':
      return fc.tuple(nobodysTopic(), anyBody(webhookBody(c))).map(([topic, b]) => ({ call: { params: { topic }, ...b } }));
    case 'appnotificaciones-put':
      return fc.oneof(
        fc.tuple(nobodysTopic(), anyBody(webhookBody(c))).map(([topic, b]): Draw => ({ call: { params: { topic }, ...b }, guard: 'topic-unconfigured' })),
        // A real topic only with bodies that cannot replace a configuration.
        fc
          .tuple(fc.constantFrom(topics.inquiry, topics.registration), fc.constantFrom<BodyKind>('malformed', 'not-object'))
          .map(([topic, k]): Draw => ({ call: { params: { topic }, ...bodyOf(k, undefined) } })),
      );
    case 'appnotificaciones-delete':
      return nobodysTopic().map((topic) => ({ call: { params: { topic } }, guard: 'topic-unconfigured' }));
    case 'home': {
      const header = c.ctx.profile.conditionalRequestHeader;
      return fc
        .option(
          token.map((t) => `"${t}"`),
          { nil: undefined },
        )
        .map((etag) => ({ call: etag && header !== null ? { headers: { [header]: etag } } : {} }));
    }
    default:
      return readArbitrary(c, e, anyValue);
  }
}

/** Reads, and the resend (harmless; no body): each parameter valid, absent (when optional) or drawn from its generator. */
function readArbitrary(c: Check, e: Endpoint, anyValue: (p: ParamSpec) => fc.Arbitrary<string>): fc.Arbitrary<Draw> {
  const valid: Record<string, string | undefined> = {
    adminMail: c.known('agency'),
    sid: fixtureSid(c),
    topic: c.ctx.profile.topics.inquiry,
    operador: c.ctx.fixtures.operador,
    externalid: c.ctx.fixtures.externalId,
  };
  const values = e.params.map((p) => {
    const known = valid[p.name];
    const options: fc.Arbitrary<string | undefined>[] = [anyValue(p)];
    if (known !== undefined) options.push(fc.constant(known));
    if (!p.required) options.push(fc.constant(undefined));
    return fc.oneof(...options);
  });
  // Endpoints without parameters get an unknown query parameter now and then (400 is theirs by the preamble).
  const extra = e.params.length === 0 ? fc.option(token, { nil: undefined }) : fc.constant(undefined);
  const forms = fc.constantFrom(undefined, ...(e.success.mediaTypes ?? []));
  return fc.tuple(fc.tuple(...values), extra, forms).map(([drawn, x, form]) => {
    const params: Record<string, string> = {};
    const query: Record<string, string> = {};
    e.params.forEach((p, i) => {
      const v = drawn[i];
      if (v !== undefined) (p.in === 'path' ? params : query)[p.name] = v;
    });
    if (x !== undefined) query[`x${x}`] = x;
    return { call: { params, query, ...(form ? { form } : {}) } };
  });
}

/** Whether a draw may be sent: one that names an existing agency or configured topic is left out, so nothing real is changed. */
export async function guarded(c: Check, draw: Draw): Promise<boolean> {
  const params = draw.call.params ?? {};
  if (draw.guard === 'agency-absent') {
    const res = await c.send('agencias-get', { params: { adminMail: params.adminMail! } });
    return res.status !== 200;
  }
  if (draw.guard === 'topic-unconfigured') {
    const res = await c.send('appnotificaciones-get', { params: { topic: params.topic! } });
    return res.status !== 200;
  }
  return true;
}

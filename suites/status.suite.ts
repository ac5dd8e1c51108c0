import { ENDPOINTS, RULES, documentedStatuses, representationModel, type Endpoint, type Rule } from '../models/index.ts';
import type { EndpointCall } from '../sut/call.ts';
import type { TargetResponse } from '../sut/client.ts';
import { check } from './harness/check.ts';
import { expectDocumentedBody } from './harness/documented-body.ts';
import { webhookSession } from './harness/webhook-session.ts';
import { allowingUriTooLong } from './harness/expectations.ts';
import { bodyVariantCalls, undecidedQueryCalls } from './server-errors/tricky-calls.ts';
import { drawArbitrary, guarded } from './status/draws.ts';
import type { ProvocationTable, StatusContext } from './status/provocation.ts';
import { AGENCIAS_PROVOCATIONS } from './status/provocations-agencias.ts';
import { APPNOTIFICACIONES_PROVOCATIONS } from './status/provocations-appnotificaciones.ts';
import { CATALOGO_PROVOCATIONS } from './status/provocations-catalogo.ts';
import { CONSULTAS_PROVOCATIONS } from './status/provocations-consultas.ts';

// Endpoints: every code a row lists is "one the endpoint defines" — each is provoked and its body checked
// against its model — and, by the preamble ("codes listed are the ones defined"), no other code is answered.
// The rules come from the catalog (models/rules/catalog.ts), so this file walks ENDPOINTS as data.

const PROVOCATIONS: ProvocationTable = {
  ...AGENCIAS_PROVOCATIONS,
  ...APPNOTIFICACIONES_PROVOCATIONS,
  ...CATALOGO_PROVOCATIONS,
  ...CONSULTAS_PROVOCATIONS,
};

/** Status rules another suite checks (home.suite.ts owns the home document's 200). */
const CHECKED_ELSEWHERE = new Set(['status/home/200']);

const session = webhookSession();
const statusContext: StatusContext = { session };

const is2xx = (res: TargetResponse) => res.status !== undefined && res.status >= 200 && res.status < 300;

function statusCheck(e: Endpoint, rule: Rule, status: number): void {
  const provocation = PROVOCATIONS[`${e.id}/${status}`];
  check(
    rule.id,
    async (c) => {
      if (!provocation) return c.fail(`a provocation for ${status} in suites/status/ (none is written)`);
      const { res, form } = await provocation.provoke(c, statusContext);
      if (status === e.success.status && e.success.source === 'not-shown') {
        // States and transitions describe the response but not its code: any 2xx with the representation.
        c.expect(is2xx(res) && !res.error, `a success status (2xx) with the ${e.success.meaning}`, res);
        c.expectModel(res, representationModel(e.success.representation!, 'full')!, `the ${e.success.meaning} as a JSON object`);
        return;
      }
      c.expectStatus(res, status);
      expectDocumentedBody(c, e, res, form);
    },
    { mutates: provocation?.mutates ?? false },
  );
}

function documentedOnlyCheck(e: Endpoint, rule: Rule): void {
  const documented = documentedStatuses(e);
  check(rule.id, async (c) => {
    const seen = new Map<string, number>();
    const judge = async (call: EndpointCall, what: string) => {
      const res = await c.send(e.id, call);
      // A POST that created a configuration on a topic nobody had configured: put it back at once.
      if (e.id === 'appnotificaciones-post' && res.status === 201) {
        await c.send('appnotificaciones-delete', { params: call.params ?? {} });
      }
      const key = String(res.status ?? res.error?.code);
      seen.set(key, (seen.get(key) ?? 0) + 1);
      if (rule.level === 'observe') return;
      c.expectStatus(res, allowingUriTooLong(res, documented), `a code ${e.method} ${e.path} documents${what}`);
    };
    // Deterministic first (issue 12 §4): odd characters and long strings in the query, null and long body members.
    for (const t of [...undecidedQueryCalls(c, e), ...bodyVariantCalls(c, e)]) await judge(t.call, `, with ${t.label}`);
    await c.property([drawArbitrary(c, e)], async (draw) => {
      if (await guarded(c, draw)) await judge(draw.call, '');
    });
    c.observe(`statuses seen: ${[...seen].map(([s, n]) => `${s}×${n}`).join(', ')}`);
  });
}

for (const e of ENDPOINTS) {
  for (const rule of RULES.filter((r) => r.id.startsWith(`status/${e.id}/`) && !CHECKED_ELSEWHERE.has(r.id))) {
    const last = rule.id.slice(`status/${e.id}/`.length);
    if (last === 'documented-only') documentedOnlyCheck(e, rule);
    else statusCheck(e, rule, Number(last));
  }
}

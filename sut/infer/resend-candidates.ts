import { createInquiryGenerator } from '../../generators/inquiry.ts';
import { listEntries, parseOffsetDateTime } from '../../models/index.ts';
import { callEndpoint } from '../call.ts';
import { clientHooks } from '../hooks/hooks-adapter.ts';
import { hrefsWithin, templateParams } from '../hrefs.ts';
import { objectBody, type Probe } from './probe.ts';

// Limits: resend "applies to relatively recent inquiries only", and the bound is "not shown". Discovery's inquiry
// is the first of its list's first page, which on a list ordered oldest first is the oldest: a resend refuses it
// for its age, and that says nothing of the webhook keys (issue 28 §4). So a resend that refuses it is tried on
// the youngest inquiry the target lists (by Momento), and only then on one the simulation hooks make now: the
// target's own data first, the tool's own only where it has none recent enough.

const MAX_PAGES = 10;

/** One inquiry to resend, and where it came from (for the findings' "how"). */
export interface ResendCandidate {
  sid: string;
  from: string;
}

/** The youngest inquiry of `agency` its list shows (its default period, a few pages), by Momento. */
async function youngestListed(p: Probe, agency: string): Promise<string | undefined> {
  let best: { sid: string; at: number } | undefined;
  for (let pagina = 1; pagina <= MAX_PAGES; pagina++) {
    const res = await callEndpoint(p.client, 'consultas-list', { params: { adminMail: agency }, query: { pagina }, form: 'json' });
    const entries = res.status === 200 ? (listEntries(res.json) ?? []) : [];
    for (const e of entries) {
      const at = parseOffsetDateTime(String(objectBody(e)?.Momento ?? ''))?.epochMs;
      const sid = hrefsWithin(e).flatMap((h) => templateParams(h, 'consultas-get')?.sid ?? [])[0];
      if (at !== undefined && sid && (!best || at > best.at)) best = { sid, at };
    }
    if (entries.length === 0) break;
  }
  return best?.sid;
}

/** An inquiry the simulation hooks make for `agency` now, when the profile knows hooks. */
async function madeByHooks(p: Probe, agency: string): Promise<string | undefined> {
  const hooks = p.known.simulationHooks;
  if (!hooks) return undefined;
  const consulta = createInquiryGenerator({
    seed: 28,
    unshownTypes: 'null',
    ...(p.fixtures.operador ? { operators: [p.fixtures.operador] } : {}),
    ...(p.fixtures.externalId ? { externalIds: [p.fixtures.externalId] } : {}),
  }).next(Date.now());
  consulta.Interesado.Email = `${p.runId}-resend@${p.known.invitationDomain ?? 'example.test'}`.toLowerCase();
  const made = await clientHooks(hooks, p.client, p.runId).inquiry({ app: 'primary', adminMail: agency, consulta });
  return made.done ? made.sid : undefined;
}

/** The inquiries a resend probe tries, in order, each asked for only when the one before was refused. */
export function resendCandidates(p: Probe, agency: string, first: string | undefined): (() => Promise<ResendCandidate | undefined>)[] {
  const as = (from: string) => (sid: string | undefined) => (sid === undefined ? undefined : { sid, from });
  return [
    async () => as("discovery's inquiry")(first),
    async () => as('the youngest inquiry the list shows (by Momento)')(await youngestListed(p, agency)),
    async () => as('an inquiry the simulation hooks made')(await madeByHooks(p, agency)),
  ];
}

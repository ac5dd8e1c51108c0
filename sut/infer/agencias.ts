import { callEndpoint } from '../call.ts';
import { memberPointer, resolvePointer } from '../json-pointer.ts';
import { longestRunId } from '../run-mark.ts';
import { fillTemplate } from '../templates.ts';
import { pointTopic } from './deliveries.ts';
import { inferEditTemplate, unknownEdit } from './edit-template.ts';
import { errorKeys, found, guessed, hint, objectBody, outcome, type Finding, type Hint, type Inferrer, type Probe } from './probe.ts';
import { listedTopics } from './topic-list.ts';
import { clientHooks } from '../hooks/hooks-adapter.ts';

// Agencias and States and transitions: AgenciaCreate "carries a property named AdminMail"; its other fields,
// AgenciaEdit's, and "Names of the states of an invitation": not shown. A POST without members is refused keying
// the members AgenciaCreate requires (Errors section); an invitation of an e-mail of this probing's own (at the
// invitation domain) shows the representation of a pending invitation, and, completed through the simulation hooks,
// of a registered agency: the member whose value changed is the state, and the topic the registration webhook
// reaches is the registration one. On that agency (dissociated again at the end) each plain member an AgenciaEdit
// sets and the agency then shows is an AgenciaEdit member, or, where PUT replaces the agency, every member it
// needs (edit-template.ts).

/** Scalar string members (one level of objects deep), as pointers with their values. */
function strings(record: unknown): [string, string][] {
  const body = objectBody(record) ?? {};
  return Object.entries(body).flatMap(([k, v]): [string, string][] => {
    if (k === '_links') return [];
    if (typeof v === 'string') return [[memberPointer(k), v]];
    const inner = objectBody(v);
    return inner
      ? Object.entries(inner).flatMap(([ik, iv]) => (typeof iv === 'string' ? [[`${memberPointer(k)}${memberPointer(ik)}`, iv] as [string, string]] : []))
      : [];
  });
}

/** The member whose value differs between a pending invitation and a registered agency: a short word in both. */
function stateMember(pending: unknown, registered: unknown): string | undefined {
  const word = /^[\p{L}_-]{3,24}$/u;
  const changed = strings(pending).filter(([ptr, v]) => {
    const after = resolvePointer(registered, ptr);
    return typeof after === 'string' && after !== v && word.test(v) && word.test(after);
  });
  return changed.length === 1 ? changed[0]![0] : undefined;
}

async function createTemplate(p: Probe): Promise<{ template: Record<string, unknown>; how: string }> {
  const res = await callEndpoint(p.client, 'agencias-invite', { json: {} });
  const required = res.status === 400 ? errorKeys(res.json).filter((k) => k.toLowerCase() !== 'adminmail') : [];
  const template = { AdminMail: '{{adminMail}}', ...Object.fromEntries(required.map((k) => [k, 'Agencia {{runId}}'])) };
  return {
    template,
    how: `AgenciaCreate "carries a property named AdminMail"; POST /v3/agencias with {} was refused (${res.status ?? res.error?.code}) keying ${errorKeys(res.json).join(', ') || 'nothing else'}`,
  };
}

export const agenciasInferrer: Inferrer = {
  name: 'agency templates, invitation state, registration topic',
  keys: ['templates.agenciaCreate', 'templates.agenciaEdit', 'invitationState.pointer', 'topics.registration'],
  async infer(p) {
    const findings: Finding[] = [];
    const hints: Hint[] = [];
    if (p.readOnly) {
      const template = p.known.templates?.agenciaCreate ?? { AdminMail: '{{adminMail}}' };
      return outcome(
        [
          found('templates.agenciaCreate', template, 'AgenciaCreate "carries a property named AdminMail" (other members not tried: --read-only)'),
          found('templates.agenciaEdit', {}, 'nothing tried: --read-only (no check edits an agency then)'),
        ],
        [hint('invitationState.pointer', "--read-only invites no agency; see where GET on an invitation's Location shows its state")],
      );
    }
    const create = p.known.templates?.agenciaCreate ? { template: p.known.templates.agenciaCreate, how: 'given' } : await createTemplate(p);
    findings.push(found('templates.agenciaCreate', create.template, create.how));
    const domain = p.known.invitationDomain ?? 'example.test';
    const adminMail = `${p.runId}-init@${domain}`.toLowerCase();
    const invite = await callEndpoint(p.client, 'agencias-invite', { json: fillTemplate(create.template, { adminMail, runId: longestRunId(p.runId) }) });
    if (invite.status !== 202) {
      hints.push(
        hint('invitationState.pointer', `POST /v3/agencias answered ${invite.status ?? invite.error?.code}, not 202: no invitation to read the state of`),
      );
      return outcome([...findings, unknownEdit('no agency of this probing to edit')], hints);
    }
    p.changes.invitedAgency(adminMail);
    const pending = (await callEndpoint(p.client, 'agencias-get', { params: { adminMail }, form: 'json' })).json;
    const hooks = p.known.simulationHooks;
    // The registration webhook: every topic but the inquiry one pointed at a callback of its own.
    const listed = hooks ? await listedTopics(p) : undefined;
    const candidates = listed && 'topics' in listed && p.known.templates?.webhookUpsert ? listed.topics.filter((t) => t !== p.known.topics?.inquiry) : [];
    const names = new Map<string, string>();
    for (const [i, topic] of candidates.entries())
      if (await pointTopic(p, topic, p.known.templates!.webhookUpsert!, `registration-${i}`)) names.set(`registration-${i}`, topic);
    // A topic left alone keeps its own callback: completing the invitation could notify it (a real system).
    const untouched = candidates.length > names.size;
    if (!hooks || untouched) {
      const fixture = p.fixtures.agency
        ? (await callEndpoint(p.client, 'agencias-get', { params: { adminMail: p.fixtures.agency }, form: 'json' })).json
        : undefined;
      const state = fixture ? stateMember(pending, fixture) : undefined;
      const why = untouched
        ? 'a configured topic could not be put back as found, so no invitation was completed (its webhook could reach that callback)'
        : 'no simulation hooks to complete an invitation with';
      if (state)
        findings.push(
          guessed(
            'invitationState.pointer',
            state,
            `the one word-valued member that differs between a pending invitation and the registered agency ${p.fixtures.agency}`,
            `not seen changing as an invitation was completed (${why}): two agencies differ in more than their state`,
          ),
        );
      else hints.push(hint('invitationState.pointer', `${why}, and no single member tells a pending invitation from a registered agency`));
      if (untouched) findings.push(guessed('topics.registration', candidates[0], 'the first topic besides the inquiry one', `not told: ${why}`));
      return outcome([...findings, unknownEdit(`${why}: no agency of this probing to edit`)], hints);
    }
    const registered = await clientHooks(hooks, p.client, p.runId).registration({ app: 'primary', adminMail });
    if (!registered.done)
      return outcome(findings, [
        ...hints,
        hint(
          'invitationState.pointer',
          `the hooks did not complete the invitation: expected ${registered.problem}; got ${registered.res.status ?? registered.res.exchange.error}`,
        ),
      ]);
    const delivery = names.size > 0 ? await p.receiver?.wait((d) => [...names.keys()].some((n) => d.path.endsWith(`/${n}`)), p.deliveryMs) : undefined;
    const topic = [...names].find(([n]) => delivery?.path.endsWith(`/${n}`))?.[1];
    if (topic)
      findings.push(
        found(
          'topics.registration',
          topic,
          `the registration webhook of an invitation completed through the hooks was delivered to the callback configured for '${topic}'`,
        ),
      );
    else if (candidates.length > 0)
      findings.push(
        guessed('topics.registration', candidates[0], 'the first topic besides the inquiry one', `no registration webhook arrived within ${p.deliveryMs} ms`),
      );
    const agency = (await callEndpoint(p.client, 'agencias-get', { params: { adminMail }, form: 'json' })).json;
    const state = stateMember(pending, agency);
    if (state) findings.push(found('invitationState.pointer', state, 'the one member whose word changed when an invitation was completed through the hooks'));
    else
      hints.push(
        hint('invitationState.pointer', 'no single member changed its word when an invitation was completed; see where GET on the Location shows the state'),
      );
    findings.push(await inferEditTemplate(p, adminMail, agency, state));
    return outcome(findings, hints);
  },
};

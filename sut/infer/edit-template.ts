import { z } from 'zod';
import { callEndpoint } from '../call.ts';
import { memberPointer, resolvePointer } from '../json-pointer.ts';
import { longestRunId } from '../run-mark.ts';
import { fillTemplate } from '../templates.ts';
import { errorKeys, found, guessed, objectBody, type Finding, type Probe } from './probe.ts';

// Agencias: PUT /v3/agencias/{adminMail} takes an AgenciaEdit, whose members are "not shown"; nor is whether a PUT
// merges the members it carries or replaces the agency with them (a full replacement needs every member). On an
// agency of this probing's own, each plain member is PUT alone: a merging target takes it (and the agency then
// shows it), a replacing one refuses it with a 400 keying the members it also needs. That 400 tells the two
// readings apart: then one PUT carries every member the target needs, and the template is that body. Values are
// filled with the longest run id a command makes (sut/run-mark.ts), so a template verified here is valid for
// every run (issue 28 §4).

const EMAIL = z.email();
const NOT_EDITABLE = (v: string): boolean => EMAIL.safeParse(v).success || /^\d{4}-\d{2}-\d{2}/.test(v) || /^https?:|^\//.test(v);
const EDIT_VALUE = 'Agencia editada {{runId}}';

/** AgenciaEdit not told: null, so that the checks that send a valid one skip (and run does not probe again). */
export const unknownEdit = (why: string): Finding =>
  guessed('templates.agenciaEdit', null, `not told: ${why}`, 'give the AgenciaEdit members (the checks that send a valid AgenciaEdit skip while it is null)');

const same = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/**
 * The AgenciaEdit template of `adminMail` (an agency of this probing, registered, read as `agency`; `state` the
 * pointer of its invitation state, never edited).
 */
export async function inferEditTemplate(p: Probe, adminMail: string, agency: unknown, state: string | undefined): Promise<Finding> {
  const runId = longestRunId(p.runId);
  const value = fillTemplate(EDIT_VALUE, { runId });
  const members = Object.entries(objectBody(agency) ?? {}).filter(([k]) => k !== '_links' && memberPointer(k) !== state);
  const plain = members.filter(([, v]) => v === null || (typeof v === 'string' && !NOT_EDITABLE(v)));
  const put = (json: Record<string, unknown>) => callEndpoint(p.client, 'agencias-put', { params: { adminMail }, json });
  const read = async () => (await callEndpoint(p.client, 'agencias-get', { params: { adminMail }, form: 'json' })).json;
  const edit: Record<string, unknown> = {};
  const needed = new Set<string>();
  for (const [member, before] of plain) {
    const res = await put({ [member]: value });
    if (res.status === 400) for (const k of errorKeys(res.json)) if (!same(k, member)) needed.add(k.split(/[.[]/)[0]!);
    if (res.status === 200 && resolvePointer(await read(), memberPointer(member)) === value && before !== value) edit[member] = EDIT_VALUE;
  }
  const how = 'PUT /v3/agencias/{adminMail} with each of these members set them on an agency of this probing (dissociated afterwards)';
  if (needed.size === 0)
    return Object.keys(edit).length > 0 ? found('templates.agenciaEdit', edit, how) : unknownEdit('no plain member of the Agencia was set by a PUT of it');
  return replacement({ put, read, members, plain: plain.map(([m]) => m), needed, value });
}

interface Replacing {
  put: (json: Record<string, unknown>) => ReturnType<typeof callEndpoint>;
  read: () => Promise<unknown>;
  members: [string, unknown][];
  plain: string[];
  needed: ReadonlySet<string>;
  value: string;
}

/**
 * A PUT of one member was refused keying others: the target replaces the agency. One PUT carries every plain
 * member (the edit value) and every member it needs (the agency's own value); a member whose edit value is refused
 * keeps the agency's own. The template is the body the target took, verified by a read.
 */
async function replacement(o: Replacing): Promise<Finding> {
  const current = objectBody(await o.read()) ?? {};
  const kept = (m: string): unknown => current[m] ?? null;
  const carried = o.members.filter(([m]) => o.plain.includes(m) || [...o.needed].some((n) => same(n, m))).map(([m]) => m);
  const body = (own: ReadonlySet<string>) =>
    Object.fromEntries(carried.map((m) => [m, o.plain.includes(m) && !own.has(m) ? o.value : kept(m)])) as Record<string, unknown>;
  let own = new Set<string>();
  let res = await o.put(body(own));
  if (res.status === 400) {
    own = new Set(carried.filter((m) => errorKeys(res.json).some((k) => same(k.split(/[.[]/)[0]!, m))));
    res = await o.put(body(own));
  }
  const needs = [...o.needed].join(', ');
  if (res.status !== 200)
    return unknownEdit(
      `a PUT of one member was refused keying ${needs} (a full replacement), and one with every member answered ${res.status ?? res.error?.code}`,
    );
  const sent = body(own);
  const after = await o.read();
  const shown = carried.every((m) => JSON.stringify(resolvePointer(after, memberPointer(m))) === JSON.stringify(sent[m]));
  if (!shown) return unknownEdit(`a PUT with every member (a full replacement: one member alone was refused keying ${needs}) did not show them all afterwards`);
  const template = Object.fromEntries(carried.map((m) => [m, o.plain.includes(m) && !own.has(m) ? EDIT_VALUE : kept(m)]));
  return found(
    'templates.agenciaEdit',
    template,
    `PUT /v3/agencias/{adminMail} is a full replacement: a PUT of one member was refused keying ${needs} (400), one with every member (${carried.join(', ')}) set them on an agency of this probing (dissociated afterwards)`,
  );
}

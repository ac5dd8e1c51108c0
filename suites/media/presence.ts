import { endpoint, type MediaForm } from '../../models/index.ts';
import { check, type Check } from '../harness/check.ts';
import { registerCheckAgency } from '../harness/invitations.ts';
import { PRESENCE_RULE } from '../harness/presence-stable.ts';
import { agenciaEditBody, editKnown } from '../harness/request-inputs.ts';
import { runLedger } from '../harness/run-ledger.ts';

// conventions/presence-stable: every PUT the run heard and the reads that follow it (harness/presence-stable.ts),
// and the writes that leave a member without a value: on an agency this check registers, each member of the
// profile's AgenciaEdit written null, empty and left out in turn, then the agency read back in every full form its
// row lists (and the agency list in the reference form, whose titles stay labels: conventions/ref-title-non-empty).
// Registered in the last suite file, so the ledger has heard the whole run.

const FULL: readonly MediaForm[] = ['json', 'textJson', 'entry'];

async function writeNulls(c: Check): Promise<void> {
  if (c.ctx.readOnly || !editKnown(c) || !c.ctx.profile.simulationHooks) {
    c.observe('no member written null: the run is read-only, or the profile knows no AgenciaEdit or no simulation hooks');
    return;
  }
  const adminMail = await registerCheckAgency(c);
  const params = { adminMail };
  const forms = (endpoint('agencias-get').success.mediaTypes ?? []).filter((f) => FULL.includes(f));
  const template = agenciaEditBody(c, adminMail);
  const members = Object.keys(template).filter((m) => typeof template[m] === 'string');
  // Each member written null, empty and then left out: whether a PUT without a member keeps it or clears it is not
  // shown (a target may refuse it too), but the agency read after it shows the member either way.
  const writes = [
    ...members.map((member) => ({ what: `${member} written null`, json: { ...template, [member]: null } })),
    ...members.map((member) => ({ what: `${member} written empty`, json: { ...template, [member]: '' } })),
    ...members.map((member) => ({ what: `${member} left out`, json: Object.fromEntries(Object.entries(template).filter(([k]) => k !== member)) })),
  ];
  for (const { what, json } of writes) {
    c.givenStatus(await c.send('agencias-get', { params, form: forms[0] }), 200, 'the agency the check registered, read before the write');
    const put = await c.send('agencias-put', { params, form: forms[0], json });
    if (put.status !== 200) {
      c.observe(`${what} answered ${put.status ?? put.error?.code}: not judged`);
      continue;
    }
    for (const form of forms) await c.send('agencias-get', { params, form });
    // And the list's reference form, whose titles must stay labels (conventions/ref-title-non-empty, judged by the ledger).
    if (endpoint('agencias-list').success.mediaTypes?.includes('ref')) await c.send('agencias-list', { form: 'ref' });
  }
}

export function registerPresenceCheck(): void {
  check(
    PRESENCE_RULE,
    async (c) => {
      await writeNulls(c);
      const presence = runLedger(c.ctx.runId)?.presence;
      if (!presence) return;
      c.judged(presence.judged);
      const fault = presence.faults[0];
      if (fault) c.fail(fault.issue, { status: fault.exchange.status, exchange: fault.exchange });
    },
    { mutates: true, judgesRun: true },
  );
}

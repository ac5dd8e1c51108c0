import { listEntries } from '../../models/index.ts';
import { agencyMails } from '../harness/agencies.ts';
import { check, type Check } from '../harness/check.ts';
import { emailParts } from '../harness/email-parts.ts';
import { expectNone } from './listing.ts';

// Endpoints > Agencias: operador is the "e-mail of one of the agency's operators". A Consulta's
// OperadorResponsable is the "agency operator responsible for the inquiry", so the fixture agency's inquiries
// name operators of that agency: filtering by one lists it.

/** Operators probed: enough that a filter matching only one kind of operator (the administrator) is caught. */
const OPERATORS = 3;

/** Distinct operators of the fixture agency: the profile's or discovered one first, then those of its first page. */
async function operatorsOf(c: Check): Promise<string[]> {
  const res = await c.send('consultas-list', { params: { adminMail: c.ctx.fixtures.agency }, form: 'json' });
  c.givenStatus(res, 200, "the fixture agency's inquiries");
  const named = (listEntries(res.json) ?? []).map((e) => (e as { OperadorResponsable?: unknown } | null)?.OperadorResponsable);
  const all = [c.ctx.fixtures.operador, ...named].filter((o): o is string => typeof o === 'string' && o !== '');
  const distinct = [...new Map(all.map((o) => [o.toLowerCase(), o])).values()];
  return distinct.slice(0, OPERATORS);
}

export function registerAgencyFilterChecks(): void {
  check('filters/agencias-operador', async (c: Check) => {
    const operators = await operatorsOf(c);
    if (operators.length === 0) c.skip('no operator of the fixture agency is known: its inquiries name no OperadorResponsable');
    const agency = c.ctx.fixtures.agency.toLowerCase();
    const all = await agencyMails(c, 'primary');
    for (const operador of operators) {
      const { mails, res } = await agencyMails(c, 'primary', { operador }, true);
      c.expect(
        mails.has(agency),
        `the agency ${c.ctx.fixtures.agency}, whose inquiries name ${operador} as OperadorResponsable ("agency operator responsible for the inquiry")`,
        res,
      );
      const extra = [...mails].filter((m) => !all.mails.has(m));
      c.expect(extra.length === 0, `only agencies of the unfiltered list; not in it: ${extra.join(', ')}`, res);
    }
    c.observe(`operador probed with ${operators.join(', ')}`);
  });

  check('filters/agencias-operador-unknown', async (c: Check) => {
    // An address this run invents and never invites (its invitations use other local parts): no one's operator.
    const operador = `nadie-${c.ctx.runId}@${c.ctx.profile.invitationDomain}`.toLowerCase();
    await expectNone(c, 'agencias-list', { operador }, 'an e-mail that is no agency operator');
  });

  check('filters/agencias-operador-whole-email', async (c: Check) => {
    const operators = await operatorsOf(c);
    const probes = operators.flatMap((operador) => emailParts(operador, operators, c.ctx.today).map((part) => ({ operador, part })));
    if (probes.length === 0) c.skip('no operator of the fixture agency is known, or no strict part of one is an e-mail');
    for (const { operador, part } of probes)
      await expectNone(c, 'agencias-list', { operador: part }, `a strict part of the operator e-mail ${operador}, another address`);
  });
}

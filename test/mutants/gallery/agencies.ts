import { empty, problem } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { answers, primaryHas, requests } from './helpers.ts';

/**
 * A server that remembers every AdminMail it accepted an invitation of and refuses another one with 409
 * ("already invited"), by `scope`: any app, or only another app than the first inviter. Pending is not registered.
 */
function refusesPendingReinvite(scope: 'any-app' | 'other-app'): Mutant['fault'] {
  const mailOf = (req: { json(): unknown }): string | undefined => {
    const mail = (req.json() as { AdminMail?: unknown } | undefined)?.AdminMail;
    return typeof mail === 'string' ? mail.toLowerCase() : undefined;
  };
  return {
    request(req, ctx) {
      const mail = req.endpoint === 'agencias-invite' ? mailOf(req) : undefined;
      const first = mail === undefined ? undefined : ctx.memory.get(`invited:${mail}`);
      if (first !== undefined && (scope === 'any-app' || first !== (req.app ?? 'primary')))
        return problem(req, 409, { AdminMail: ['an invitation for this e-mail already exists'] });
    },
    response(req, res, ctx) {
      const mail = req.endpoint === 'agencias-invite' ? mailOf(req) : undefined;
      if (mail !== undefined && res.status === 202 && !ctx.memory.has(`invited:${mail}`)) ctx.memory.set(`invited:${mail}`, req.app ?? 'primary');
    },
  };
}

// States and transitions: the agency invitation (202, Location, its state by GET or OPTIONS) and the
// dissociation from the app (204, and its effects).

export const AGENCY_MUTANTS: Mutant[] = [
  {
    name: 'invitation-without-location',
    statement: 'states/invitation-location',
    breaks: 'lifecycle/invitation-accepted-202',
    also: ['lifecycle/invitation-location-is-agency'],
    fault: answers(['agencias-invite'], (_req, res) => void delete res.headers.location),
  },
  {
    name: 'invitation-location-names-another-agency',
    statement: 'resources/agencia-create-admin-mail',
    breaks: 'lifecycle/invitation-location-is-agency',
    also: ['lifecycle/invitation-state-get', 'lifecycle/invitation-state-options'],
    fault: answers(['agencias-invite'], (_req, res) => {
      if (res.status === 202) res.headers.location = '/v3/agencias/someone-else%40mutant.example';
    }),
  },
  {
    name: 'pending-invitation-invited-again-409',
    statement: 'states/invitation-condition',
    breaks: 'lifecycle/invitation-pending-202',
    fault: refusesPendingReinvite('any-app'),
  },
  {
    name: 'pending-invitation-of-another-app-409',
    statement: 'states/invitation-condition',
    breaks: 'lifecycle/invitation-pending-202',
    fault: refusesPendingReinvite('other-app'),
  },
  {
    name: 'pending-invitation-reads-404',
    statement: 'states/invitation-state',
    breaks: 'lifecycle/invitation-state-get',
    fault: answers(['agencias-get'], (_req, res) => {
      if (res.status === 200 && (res.json() as { Estado?: unknown } | undefined)?.Estado === 'pendiente') Object.assign(res, empty(404));
    }),
  },
  {
    name: 'invitation-options-without-state',
    statement: 'events/unsubscribed-state',
    breaks: 'lifecycle/invitation-state-options',
    also: ['status/agencias-options/200'],
    fault: answers(['agencias-options'], (_req, res) => {
      if (res.status === 200) Object.assign(res, empty(204, { allow: 'GET, PUT, OPTIONS' }));
    }),
  },
  {
    // "valid body": an AdminMail that is no e-mail address (or none) invites no one, yet this server accepts it.
    name: 'invitation-of-no-email-accepted',
    statement: 'states/invitation-condition',
    breaks: 'lifecycle/invitation-invalid-body-400',
    fault: answers(['agencias-invite'], (req, res) => {
      const body = req.json() as { AdminMail?: unknown } | undefined;
      if (res.status !== 400 || body === null || typeof body !== 'object' || Array.isArray(body)) return;
      const mail = body.AdminMail;
      if (typeof mail !== 'string' || !mail.includes('@')) Object.assign(res, empty(202, { location: `/v3/agencias/${encodeURIComponent(String(mail))}` }));
    }),
  },
  {
    // AgenciaEdit's fields are not shown, so the profile's template says what the target takes; this one refuses a
    // telephone number written with a plus sign, as the template writes it.
    name: 'agencia-edit-refuses-plus-in-telefono',
    statement: 'resources/fields-not-shown',
    breaks: 'profile/templates-accepted',
    fault: requests(['agencias-put'], (req) => {
      const telefono = (req.json() as { Telefono?: unknown } | undefined)?.Telefono;
      if (typeof telefono === 'string' && telefono.includes('+')) return problem(req, 400, { Telefono: ['formato de teléfono inválido'] });
    }),
  },
  {
    name: 'desasociar-does-not-dissociate',
    statement: 'states/desasociar-result',
    breaks: 'lifecycle/desasociar-removes-association',
    // 204, but the reference never hears of it: the agency stays with the app.
    fault: requests(['agencias-desasociar'], async (req, ctx) => {
      if (req.app === 'primary' && (await primaryHas(ctx, req.param('adminMail')))) return empty(204);
    }),
  },
];

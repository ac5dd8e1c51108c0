import { empty } from '../exchange.ts';
import type { Mutant } from '../fault.ts';
import { answers, primaryHas, requests } from './helpers.ts';

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
    name: 'desasociar-does-not-dissociate',
    statement: 'states/desasociar-result',
    breaks: 'lifecycle/desasociar-removes-association',
    // 204, but the reference never hears of it: the agency stays with the app.
    fault: requests(['agencias-desasociar'], async (req, ctx) => {
      if (req.app === 'primary' && (await primaryHas(ctx, req.param('adminMail')))) return empty(204);
    }),
  },
];

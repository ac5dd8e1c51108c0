import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../target/profile-load.ts';
import { planRestore } from '../../target/webhook-restore.ts';

// Issue 13, item 5, at the unit level: a restore body is the profile's AppWebhookUpsert template filled from the
// AppWebhook read with GET, whatever member names the server chose; what it cannot fill faithfully is named.

const BASE = 'https://api.example';
const profileWith = (webhookUpsert: Record<string, unknown>, restoreFrom?: Record<string, string>) =>
  parseProfile(
    {
      apps: { primary: { headers: { Authorization: 'Bearer p' } }, other: { headers: { Authorization: 'Bearer o' } } },
      topics: { inquiry: 'a', registration: 'b', unavailable: 'c' },
      templates: { webhookUpsert, agenciaCreate: {}, agenciaEdit: {} },
      invitationDomain: 'example.test',
      ...(restoreFrom ? { webhooks: { restoreFrom } } : {}),
    },
    { HOOK_SECRET: 'write-only-secret' },
  );

describe('planRestore', () => {
  it('takes members of the same name from the representation (the user chose Activo: false)', () => {
    const plan = planRestore({ Topic: 'a', Url: 'https://user.example/hook', Activo: false, CreadaEl: 'x' }, profileWith({ Url: '{{url}}', Activo: true }), BASE);
    expect(plan).toEqual({ body: { Url: 'https://user.example/hook', Activo: false }, callbackUrl: 'https://user.example/hook' });
  });

  it('finds the callback URL under another name, and sends write-only members from the profile', () => {
    const representation = { Id: 3, Destino: 'https://user.example/hook', Self: `${BASE}/v3/appnotificaciones/a` };
    const plan = planRestore(representation, profileWith({ Url: '{{url}}', Secreto: '${HOOK_SECRET}' }), BASE);
    expect(plan).toEqual({ body: { Url: 'https://user.example/hook', Secreto: 'write-only-secret' }, callbackUrl: 'https://user.example/hook' });
  });

  it('follows webhooks.restoreFrom where the profile names the member', () => {
    const representation = { Config: { Target: 'https://user.example/hook' }, Docs: 'https://docs.example/' };
    const plan = planRestore(representation, profileWith({ Url: '{{url}}' }, { Url: '/Config/Target' }), BASE);
    expect(plan.body).toEqual({ Url: 'https://user.example/hook' });
    expect(plan.loses).toBeUndefined();
  });

  it('cannot tell the callback among several absolute URLs: no body, and says why', () => {
    const plan = planRestore({ A: 'https://one.example/', B: 'https://two.example/' }, profileWith({ Url: '{{url}}' }), BASE);
    expect(plan.body).toBeUndefined();
    expect(plan.loses).toMatch(/several absolute URLs, at \/A, \/B; name the member in webhooks.restoreFrom/);
  });

  it('cannot restore a member that only this run could fill, unless the representation shows it', () => {
    const template = { Url: '{{url}}', Nota: 'vmp {{runId}}' };
    expect(planRestore({ Url: 'https://u.example/' }, profileWith(template), BASE).loses).toMatch(/^Nota \(its template value carries \{\{runId\}\}/);
    expect(planRestore({ Url: 'https://u.example/', Nota: 'mine' }, profileWith(template), BASE)).toEqual({
      body: { Url: 'https://u.example/', Nota: 'mine' },
      callbackUrl: 'https://u.example/',
    });
  });

  it('leaves out a member the configuration holds as null', () => {
    expect(planRestore({ Url: 'https://u.example/', Descripcion: null }, profileWith({ Url: '{{url}}', Descripcion: 'x {{runId}}' }), BASE).body).toEqual({
      Url: 'https://u.example/',
    });
  });
});

import { describe, expect, it } from 'vitest';
import { parseProfile } from '../../sut/profile-load.ts';
import { planRestore as plan } from '../../sut/webhook-restore.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { SECRET_ENV, TEST_SECRETS } from './support/secret-target.ts';

// Issue 13, item 5, at the unit level: a restore body is the profile's AppWebhookUpsert template filled from the
// AppWebhook read with GET, whatever member names the server chose; what it cannot fill faithfully is named —
// by member, never quoting a value: the reason reaches the console and reports, and a template value may hold
// a secret. (The body itself carries the write-only secret by design: it is what is sent back to the target.)

const BASE = 'https://api.example';
const HOOK_SECRET = SECRET_ENV.VMP_HOSTILE_HOOK_SECRET;
const profileWith = (webhookUpsert: Record<string, unknown>, restoreFrom?: Record<string, string>) =>
  parseProfile(
    {
      apps: { primary: { headers: { Authorization: 'Bearer ${VMP_HOSTILE_TOKEN}' } }, other: { headers: { Authorization: 'Basic ${VMP_HOSTILE_BASIC}' } } },
      topics: { inquiry: 'a', registration: 'b', unavailable: 'c' },
      templates: { webhookUpsert, agenciaCreate: {}, agenciaEdit: {} },
      invitationDomain: 'example.test',
      ...(restoreFrom ? { webhooks: { restoreFrom } } : {}),
    },
    SECRET_ENV,
  );

/** The plan, its reason (what a restore would lose) scanned for the test secrets. */
async function planRestore(...args: Parameters<typeof plan>): Promise<ReturnType<typeof plan>> {
  const planned = plan(...args);
  await expectNoSecrets({ texts: { loses: planned.loses ?? '' } }, TEST_SECRETS);
  return planned;
}

describe('planRestore', () => {
  it('takes members of the same name from the representation (the user chose Activo: false)', async () => {
    const p = await planRestore(
      { Topic: 'a', Url: 'https://user.example/hook', Activo: false, CreadaEl: 'x' },
      profileWith({ Url: '{{url}}', Activo: true }),
      BASE,
    );
    expect(p).toEqual({ body: { Url: 'https://user.example/hook', Activo: false }, callbackUrl: 'https://user.example/hook' });
  });

  it('finds the callback URL under another name, and sends write-only members from the profile', async () => {
    const representation = { Id: 3, Destino: 'https://user.example/hook', Self: `${BASE}/v3/appnotificaciones/a` };
    const p = await planRestore(representation, profileWith({ Url: '{{url}}', Secreto: '${VMP_HOSTILE_HOOK_SECRET}' }), BASE);
    expect(p).toEqual({ body: { Url: 'https://user.example/hook', Secreto: HOOK_SECRET }, callbackUrl: 'https://user.example/hook', fromProfile: ['Secreto'] });
  });

  it('follows webhooks.restoreFrom where the profile names the member', async () => {
    const representation = { Config: { Target: 'https://user.example/hook' }, Docs: 'https://docs.example/' };
    const p = await planRestore(representation, profileWith({ Url: '{{url}}' }, { Url: '/Config/Target' }), BASE);
    expect(p.body).toEqual({ Url: 'https://user.example/hook' });
    expect(p.loses).toBeUndefined();
  });

  it('cannot tell the callback among several absolute URLs: no body, and says why', async () => {
    const p = await planRestore({ A: 'https://one.example/', B: 'https://two.example/' }, profileWith({ Url: '{{url}}' }), BASE);
    expect(p.body).toBeUndefined();
    expect(p.loses).toMatch(/several absolute URLs, at \/A, \/B; name the member in webhooks.restoreFrom/);
  });

  it('cannot restore a member that only this run could fill, unless the representation shows it', async () => {
    const template = { Url: '{{url}}', Nota: 'vmp {{runId}}' };
    expect((await planRestore({ Url: 'https://u.example/' }, profileWith(template), BASE)).loses).toMatch(/^Nota \(its template value carries \{\{runId\}\}/);
    expect(await planRestore({ Url: 'https://u.example/', Nota: 'mine' }, profileWith(template), BASE)).toEqual({
      body: { Url: 'https://u.example/', Nota: 'mine' },
      callbackUrl: 'https://u.example/',
    });
  });

  it('names a member whose template value holds a secret, without the value', async () => {
    const template = { Url: '{{url}}', Secreto: '${VMP_HOSTILE_HOOK_SECRET}:{{runId}}', Firma: '${VMP_HOSTILE_SIGNING}' };
    const p = await planRestore({ Url: 'https://u.example/' }, profileWith(template, { Firma: '/Firma' }), BASE);
    expect(p.loses).toMatch(/^Secreto \(its template value carries \{\{runId\}\} .*; Firma \(webhooks\.restoreFrom\.Firma \/Firma names nothing/);
  });

  it('leaves out a member the configuration holds as null', async () => {
    expect(
      (await planRestore({ Url: 'https://u.example/', Descripcion: null }, profileWith({ Url: '{{url}}', Descripcion: 'x {{runId}}' }), BASE)).body,
    ).toEqual({
      Url: 'https://u.example/',
    });
  });
});

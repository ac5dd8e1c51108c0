import { describe, expect, it } from 'vitest';
import { templateRefusal } from '../../suites/harness/template-refusal.ts';

// Issue 28 §4: a 400 the profile's own template caused is a profile error naming the member, never the target's.

const templates = {
  webhookUpsert: { CallbackUrl: '{{url}}' },
  agenciaCreate: { AdminMail: '{{adminMail}}' },
  agenciaEdit: { Nombre: 'Agencia editada {{runId}}', Telefono: 'Agencia editada {{runId}}' },
};
const answer = (status: number, sent: unknown, json: unknown) => ({
  status,
  json,
  exchange: {
    method: 'PUT',
    url: 'http://t/v3/agencias/a@x.example',
    curl: '',
    requestHeaders: {},
    requestBody: JSON.stringify(sent),
    responseHeaders: {},
    bodyExcerpt: '',
    durationMs: 1,
  },
});
const sent = { Nombre: 'Agencia editada r1234567890ab', Telefono: 'Agencia editada r1234567890ab' };

describe('templateRefusal', () => {
  it('names the template member a 400 keys (letter case aside), when the request carried the template value', () => {
    const why = templateRefusal(answer(400, sent, { Errors: { telefono: ['demasiado largo'] } }), templates);
    expect(why).toMatch(/^profile error: templates\.agenciaEdit\.Telefono .*demasiado largo/);
  });

  it("reads the answer's excerpt where only the exchange was kept (the model's ledger)", () => {
    const a = answer(400, sent, undefined);
    const kept = { ...a, exchange: { ...a.exchange, bodyExcerpt: JSON.stringify({ Errors: { Telefono: ['sólo dígitos'] } }) } };
    expect(templateRefusal(kept, templates)).toMatch(/^profile error: templates\.agenciaEdit\.Telefono/);
  });

  it('is no profile error when the check sent its own value, the key names no member, or the status is not 400', () => {
    const own = { ...sent, Telefono: 'ñandú +54 11' };
    expect(templateRefusal(answer(400, own, { Errors: { Telefono: ['x'] } }), templates)).toBeUndefined();
    expect(templateRefusal(answer(400, sent, { Errors: { _: ['x'] } }), templates)).toBeUndefined();
    expect(templateRefusal(answer(403, sent, { Errors: { Telefono: ['x'] } }), templates)).toBeUndefined();
    // A member the template fills with the check's own input (the invited e-mail) carries the check's value.
    expect(templateRefusal(answer(400, { AdminMail: 'a+b@x.example' }, { Errors: { AdminMail: ['x'] } }), templates)).toBeUndefined();
  });
});

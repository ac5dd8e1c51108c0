import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../sut/client.ts';
import { inferFromResend } from '../../sut/infer/deliveries.ts';
import type { Probe } from '../../sut/infer/probe.ts';
import { resendCandidates } from '../../sut/infer/resend-candidates.ts';
import { fakeProbe } from './fake-probe.ts';

// Issue 28 §4: a resend probe that meets the age bound tries a recent inquiry before giving up on the webhooks
// keys. Discovery's inquiry is the first of a list that may be ordered oldest first; the youngest the list shows
// (by Momento) comes next, and one the hooks make only after the target's own.

const AGENCY = 'a@x.example';
const [OLD, YOUNG] = ['old00000000000000000001', 'young000000000000000001'];
const entry = (sid: string, momento: string) => ({ Momento: momento, _links: { self: { href: `/v3/consultas/${AGENCY}/${sid}` } } });
const LIST = [
  entry(OLD, '2026-09-01T10:00:00-03:00'),
  entry('mid00000000000000000001', '2026-10-15T10:00:00-03:00'),
  entry(YOUNG, '2026-11-30T10:00:00-03:00'),
];
const CONSULTA = { Momento: '2026-11-30T10:00:00-03:00', Interesado: { Email: 'b@y.example' } };

/** A target listing LIST oldest first; a resend of OLD is refused for its age (400), of any other accepted. */
function answer(sent: SendRequest): [number, Record<string, string>?, unknown?] {
  const req = { ...sent, path: decodeURIComponent(sent.path) };
  if (req.path.endsWith('/resendwebhook'))
    return req.path.includes(OLD) ? [400, {}, { Errors: { sid: ['demasiado antigua'] } }] : [202, { location: 'http://cb/topic-0' }, { Consulta: CONSULTA }];
  if (req.path.startsWith('/v3/appnotificaciones/')) return req.method === 'DELETE' ? [204] : [200, {}, {}];
  if (req.path === `/v3/consultas/${AGENCY}`) return [200, {}, String(req.query?.pagina) === '1' ? { _entries: LIST } : { _entries: [] }];
  if (req.path.startsWith(`/v3/consultas/${AGENCY}/`)) return [200, {}, CONSULTA];
  return [404];
}

const EXTRA: Partial<Probe> = {
  fixtures: { agency: AGENCY, inquirySid: OLD } as never,
  receiver: { url: (n) => `http://cb/${n}`, wait: async () => ({ path: '/topic-0', headers: {}, raw: Buffer.from('{}'), json: { Consulta: CONSULTA } }) },
  changes: { guard: async () => true, markPointed: () => undefined } as never,
};
const probe = (): Probe => fakeProbe(answer, EXTRA);

describe('the inquiries a resend probe tries', () => {
  it("discovery's first, then the youngest listed by Momento, then none without hooks", async () => {
    const p = probe();
    const got = [];
    for (const next of resendCandidates(p, AGENCY, OLD)) got.push((await next())?.sid);
    expect(got).toEqual([OLD, YOUNG, undefined]);
  });

  it("a resend refused for discovery's old inquiry is tried on the youngest: the webhook keys are told", async () => {
    const p = probe();
    const out = await inferFromResend(p, ['consultas'], { Url: '{{url}}' }, resendCandidates(p, AGENCY, OLD), undefined);
    expect(out.inquiry).toBe('consultas');
    expect(out.findings).toContainEqual(expect.objectContaining({ key: 'webhooks.consultaPointer', value: '/Consulta' }));
    expect(out.findings).toContainEqual(expect.objectContaining({ key: 'webhooks.resendWithoutCallback', value: 'accept' }));
    expect(out.findings).toContainEqual(expect.objectContaining({ key: 'webhooks.resendLocationWithoutCallback', value: 'present' }));
  });

  it('a resend accepted with the inquiry topic unconfigured and no Location: resendLocationWithoutCallback absent (issue 28 §3)', async () => {
    let unconfigured = false;
    const p = fakeProbe((sent) => {
      if (sent.method === 'DELETE') unconfigured = true;
      if (sent.method === 'PUT' || sent.method === 'POST') unconfigured = sent.path.endsWith('/resendwebhook') ? unconfigured : false;
      const [status, headers, json] = answer(sent);
      return sent.path.endsWith('/resendwebhook') && status === 202 && unconfigured ? [202, {}, json] : [status, headers, json];
    }, EXTRA);
    const out = await inferFromResend(p, ['consultas'], { Url: '{{url}}' }, resendCandidates(p, AGENCY, YOUNG), undefined);
    expect(out.findings).toContainEqual(expect.objectContaining({ key: 'webhooks.resendLocationWithoutCallback', value: 'absent' }));
  });
});

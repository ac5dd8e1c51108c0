import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkParam, endpoint, LIMITS } from '../../models/index.ts';
import { boundaryCases } from '../../generators/boundaries.ts';
import { paramArbitrary } from '../../generators/params.ts';
import { bodyVariants, emailFormArbitrary, emailForms, LONG_LENGTHS, segmentValues } from '../../generators/tricky.ts';

// Issue 12 §4: the inputs real implementations trip on reach every parameter they apply to, in the boundary
// phase deterministically and in the random phase now and then; their expectation comes from the catalog.

const TODAY = '2026-11-22';
const o = { today: TODAY, domain: 'sandbox.example.org' };
const param = (endpointId: string, name: string) => endpoint(endpointId).params.find((p) => p.name === name)!;
const adminMail = param('agencias-get', 'adminMail');
const operador = param('consultas-list', 'operador');
const externalid = param('consultas-list', 'externalid');

describe('the boundary phase', () => {
  it('gives adminMail every RFC 5322 form, judged by checkParam, and a mixed-case address exactly at its limit', () => {
    const cases = boundaryCases(adminMail, o);
    const forms = cases.filter((c) => c.label.startsWith('RFC 5322 form'));
    expect(forms.map((c) => c.value)).toEqual(emailForms(o.domain).map((f) => f.value));
    expect(forms.find((c) => c.label.endsWith('plus-addressing'))!.expect).toBe('accept');
    expect(forms.find((c) => c.label.endsWith('quoted local part'))!.expect).toBe('either');
    for (const c of forms) expect(c.value.length).toBeLessThanOrEqual(LIMITS.adminMail.maxLength);
    const upper = cases.find((c) => c.label === `maxLength ${LIMITS.adminMail.maxLength}: at, upper case`)!;
    expect(upper.value).toHaveLength(LIMITS.adminMail.maxLength);
    expect(upper.value).toMatch(/[A-Z]/);
    expect(checkParam(adminMail, upper.value, TODAY)).toEqual({ valid: true });
  });

  it('gives a free-text query parameter odd characters and long strings, undecided by the spec', () => {
    const cases = boundaryCases(externalid, o);
    const odd = cases.filter((c) => c.label.startsWith('characters:')).map((c) => c.value);
    for (const ch of ['%', '/', '?', '#', '&', '+', ' ', ';', 'ñ', '😀', '\u202E', '\r\n'])
      expect(
        odd.some((v) => v.includes(ch)),
        ch,
      ).toBe(true);
    expect(odd.some((v) => v.includes('\u0000'))).toBe(false);
    const long = cases.filter((c) => c.label.startsWith('no stated limit'));
    expect(long.map((c) => c.value.length)).toEqual([...LONG_LENGTHS]);
    expect([...long, ...cases.filter((c) => c.label.startsWith('characters:'))].every((c) => c.expect === 'either')).toBe(true);
  });

  it('gives an e-mail query parameter odd characters in the local part, judged by the catalog, and long e-mails', () => {
    const cases = boundaryCases(operador, o);
    const odd = cases.filter((c) => c.label.startsWith('characters:'));
    expect(odd.every((c) => c.value.endsWith(`@${o.domain}`))).toBe(true);
    expect(odd.find((c) => c.label === 'characters: CR LF' || c.label === 'characters: control characters')!.expect).toBe('reject');
    expect(odd.find((c) => c.label === 'characters: emoji')!.expect).toBe('either');
    const long = cases.filter((c) => c.label.startsWith('no stated limit'));
    expect(long.map((c) => c.value.length)).toEqual([...LONG_LENGTHS]);
    expect(long.every((c) => c.value.endsWith(`@${o.domain}`))).toBe(true);
  });

  it('gives bounded parameters no long strings', () => {
    expect(boundaryCases(adminMail, o).filter((c) => c.label.startsWith('no stated limit'))).toEqual([]);
    expect(boundaryCases(param('appnotificaciones-get', 'topic'), o).filter((c) => c.label.startsWith('no stated limit'))).toEqual([]);
  });
});

describe('path segments and bodies', () => {
  it('shapes segment values to the parameter: an e-mail keeps its domain, a sid its minimum length', () => {
    const mails = segmentValues(adminMail, o.domain);
    expect(mails.map((s) => encodeURIComponent(s.value)).some((v) => v.includes('%2F'))).toBe(true);
    expect(mails.every((s) => s.value.endsWith(`@${o.domain}`))).toBe(true);
    expect(segmentValues(param('consultas-get', 'sid'), o.domain).every((s) => s.value.length >= LIMITS.sid.minLength)).toBe(true);
    expect(segmentValues(externalid, o.domain)).toEqual([]);
  });

  it('makes each member null, and each string member long but the fixed ones', () => {
    const variants = bodyVariants({ AdminMail: 'a@b.test', RazonSocial: 'x', Activo: true }, ['AdminMail'], [256]);
    expect(variants.map((v) => v.label)).toEqual(['AdminMail: null', 'RazonSocial: null', 'RazonSocial: 256 characters', 'Activo: null']);
    expect(variants[2]!.json).toEqual({ AdminMail: 'a@b.test', RazonSocial: expect.stringMatching(/^.{256}$/), Activo: true });
  });
});

describe('the random phase', () => {
  it('draws e-mail forms that checkParam finds valid or unclear, never clearly invalid', () => {
    fc.assert(
      fc.property(emailFormArbitrary(o.domain), (mail) => {
        const v = checkParam(adminMail, mail, TODAY);
        expect(v.valid || !v.clear).toBe(true);
      }),
    );
  });

  it('mixes odd characters and long strings into free-text query parameters', () => {
    const drawn = fc.sample(paramArbitrary(externalid, o), { numRuns: 400, seed: 1 });
    expect(drawn.some((v) => v.length >= LONG_LENGTHS[0])).toBe(true);
    expect(drawn.some((v) => /[%/?#&+;]/.test(v))).toBe(true);
    const mails = fc.sample(paramArbitrary(adminMail, o), { numRuns: 400, seed: 1 });
    expect(mails.some((v) => /\+|'|"/.test(v))).toBe(true);
  });
});

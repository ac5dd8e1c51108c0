import { describe, expect, it } from 'vitest';
import { checkParam, endpoint } from '../../models/index.ts';

// The verdicts the suites act on: `valid` must be accepted, a clear `invalid` refused; an unclear one may go
// either way (a reasonable implementation could count or parse differently).

const sid = endpoint('consultas-get').params.find((p) => p.name === 'sid')!;
const TODAY = '2026-11-22';

describe('checkParam on a length bound (sid: 20 to 30 characters)', () => {
  it('takes plain strings by their length', () => {
    expect(checkParam(sid, 'a'.repeat(20), TODAY)).toEqual({ valid: true });
    expect(checkParam(sid, 'a'.repeat(19), TODAY)).toMatchObject({ valid: false, clear: true });
    expect(checkParam(sid, 'a'.repeat(31), TODAY)).toMatchObject({ valid: false, clear: true });
  });

  it('leaves strings unclear when UTF-16 units and code points fall on different sides of a bound', () => {
    // 10 astral characters + 2: 22 UTF-16 units, 12 code points.
    expect(checkParam(sid, `${'😀'.repeat(10)}ab`, TODAY)).toMatchObject({ valid: false, clear: false });
    // 16 astral characters: 32 UTF-16 units, 16 code points.
    expect(checkParam(sid, '😀'.repeat(16), TODAY)).toMatchObject({ valid: false, clear: false });
    // 12 astral + 10: 34 units, 22 code points — over in units, inside in code points.
    expect(checkParam(sid, `${'😀'.repeat(12)}${'a'.repeat(10)}`, TODAY)).toMatchObject({ valid: false, clear: false });
  });
});

describe('checkParam on "email" (adminMail: at most 50; operador: no maximum)', () => {
  const adminMail = endpoint('agencias-get').params.find((p) => p.name === 'adminMail')!;
  const operador = endpoint('agencias-list').params.find((p) => p.name === 'operador')!;

  it('takes the common RFC 5322 forms as valid', () => {
    for (const value of [
      'ana+ventas@example.test',
      'ana.maria.paz@example.test',
      '1234567@example.test',
      'ana-maria@example.test',
      'ana_maria@example.test',
      "o'brien@example.test",
      'ana@mail.eu.example.test',
      'Ana.Paz@EXAMPLE.TEST',
    ]) {
      expect(checkParam(adminMail, value, TODAY), value).toEqual({ valid: true });
    }
  });

  it('leaves unclear what RFC 5322 allows but many validators refuse, and what RFC 5321 makes too long', () => {
    for (const value of ['"ana paz"@example.test', '"ana..paz"@example.test', 'ñandú@example.test', 'a/b@example.test', `${'x'.repeat(65)}@example.test`]) {
      expect(checkParam(operador, value, TODAY), value).toMatchObject({ valid: false, clear: false });
    }
    expect(checkParam(operador, `${'x'.repeat(64)}@example.test`, TODAY)).toEqual({ valid: true });
  });

  it('refuses clearly what has no @ or two, an empty side, white space outside quotes, or a misplaced dot', () => {
    for (const value of [
      'ana',
      'ana@',
      '@example.test',
      'ana paz@example.test',
      ' ana@example.test',
      'ana@example.test\t',
      'ana@paz@example.test',
      '.ana@example.test',
      'ana.@example.test',
      'ana..paz@example.test',
      'ana@.example.test',
      'ana@example..test',
      'ana@example.test.',
    ]) {
      expect(checkParam(operador, value, TODAY), value).toMatchObject({ valid: false, clear: true });
    }
  });
});

describe('checkParam on "integer int32" (catalog ids; pagina: at most 99)', () => {
  const id = endpoint('colores-get').params.find((p) => p.name === 'id')!;
  const pagina = endpoint('consultas-list').params.find((p) => p.name === 'pagina')!;

  it('takes decimal digits with an optional minus sign within int32', () => {
    for (const value of ['0', '7', '-7', '2147483647', '-2147483648']) expect(checkParam(id, value, TODAY), value).toEqual({ valid: true });
  });

  it('refuses clearly other written forms and values beyond int32, also past the maximum', () => {
    for (const value of ['7.0', '7e0', '1e3', ' 7', '7 ', '0x7', '2147483648', '-2147483649', '4294967303', '7_0', 'abc']) {
      expect(checkParam(id, value, TODAY), value).toMatchObject({ valid: false, clear: true });
    }
    expect(checkParam(pagina, '+100', TODAY)).toMatchObject({ valid: false, clear: true });
  });

  it('leaves unclear a plus sign and leading zeros, which the type name neither allows nor forbids', () => {
    for (const value of ['+7', '007', '-007']) expect(checkParam(id, value, TODAY), value).toMatchObject({ valid: false, clear: false });
  });
});

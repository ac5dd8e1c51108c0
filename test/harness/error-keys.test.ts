import { describe, expect, it } from 'vitest';
import { endpoint } from '../../models/index.ts';
import { propertyNames, strayKeys } from '../../suites/harness/error-keys.ts';
import { loadProfile } from '../../sut/profile-load.ts';

// Errors > Validation problem body: every key a property name of the request, exactly as named, or _.
const profile = await loadProfile('profiles/reference.json', { ...process.env });
const problem = (Errors: Record<string, string[]>) => ({ Errors });

describe('Errors keys (errors/errors-keyed-by-property)', () => {
  const invite = propertyNames(endpoint('agencias-invite'), { json: { AdminMail: 'x', Extra: 1 } }, profile);

  it('takes the spec-named member, the template members, the members sent, the parameters and _', () => {
    expect(strayKeys(problem({ AdminMail: ['m'], RazonSocial: ['m'], Extra: ['m'], _: ['m'], 'Telefono.Numero': ['m'] }), invite)).toEqual([]);
    const list = propertyNames(endpoint('consultas-list'), { query: { pagina: '100' } }, profile);
    expect(strayKeys(problem({ pagina: ['m'], adminMail: ['m'], desde: ['m'] }), list)).toEqual([]);
  });

  it('refuses a name in another case, or one that names no property', () => {
    expect(strayKeys(problem({ adminMail: ['m'], general: ['m'] }), invite)).toEqual(['adminMail', 'general']);
    const list = propertyNames(endpoint('consultas-list'), {}, profile);
    expect(strayKeys(problem({ Pagina: ['m'], _x: ['m'] }), list)).toEqual(['Pagina', '_x']);
  });
});

import { describe, expect, it } from 'vitest';
import type { SendRequest } from '../../sut/client.ts';
import { inferEditTemplate } from '../../sut/infer/edit-template.ts';
import { RUN_ID_MAX_LENGTH } from '../../sut/run-mark.ts';
import { fakeProbe } from './fake-probe.ts';

// Issue 28 §4: whether PUT /v3/agencias/{adminMail} merges or replaces is not shown; init tells the two readings
// apart by a PUT of one member (a replacing target refuses it, keying the members it also needs), and the edit
// template then carries every member the target needs. Templates are verified with the longest run id.

const ADMIN = 'rtest-init@example.test';
const START = { AdminMail: ADMIN, Nombre: 'Agencia', Telefono: '1144445555', Estado: 'activa', _links: {} };

/** A target keeping one agency: `replace` needs Nombre and Telefono in every PUT; Telefono takes digits only. */
function target(replace: boolean) {
  let agency: Record<string, unknown> = { ...START };
  const answer = (req: SendRequest): [number, Record<string, string>?, unknown?] => {
    if (req.method === 'GET') return [200, {}, agency];
    const body = req.json as Record<string, unknown>;
    const errors: Record<string, string[]> = {};
    if (replace) for (const m of ['Nombre', 'Telefono']) if (!(m in body)) errors[m] = ['requerido'];
    if ('Telefono' in body && !/^\d+$/.test(String(body.Telefono))) errors.Telefono = ['sólo dígitos'];
    if (Object.keys(errors).length > 0) return [400, {}, { Errors: errors }];
    agency = { ...agency, ...body };
    return [200, {}, agency];
  };
  return fakeProbe(answer);
}

describe('the AgenciaEdit template, by PUT of one member and then of all it needs', () => {
  it('a merging target: the members a PUT of each alone sets, filled with the longest run id', async () => {
    const p = target(false);
    const f = await inferEditTemplate(p, ADMIN, START, '/Estado');
    expect(f.value).toEqual({ Nombre: 'Agencia editada {{runId}}' });
    expect(f.how).not.toMatch(/replacement/);
  });

  it('a replacing target: every member it needs, a refused edit value kept as the agency shows it', async () => {
    const p = target(true);
    const f = await inferEditTemplate(p, ADMIN, START, '/Estado');
    expect(f.value).toEqual({ Nombre: 'Agencia editada {{runId}}', Telefono: '1144445555' });
    expect(f.how).toMatch(/full replacement.*keying (Telefono|Nombre)/);
  });

  it('fills {{runId}} with a run id as long as the longest a command makes', async () => {
    const seen: string[] = [];
    const p = fakeProbe((req) => {
      if (req.method === 'PUT') seen.push(String((req.json as { Nombre?: string }).Nombre ?? ''));
      return req.method === 'GET' ? [200, {}, START] : [400, {}, { Errors: { Nombre: ['x'] } }];
    });
    await inferEditTemplate(p, ADMIN, START, '/Estado');
    expect(seen[0]).toBe(`Agencia editada ${'rtest'.padEnd(RUN_ID_MAX_LENGTH, 'z')}`);
  });
});

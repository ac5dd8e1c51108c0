import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchesRuleRef } from '../../models/statements/statement.ts';
import { PROFILE_FILE, runCli, type CliRun } from '../mutants/run-cli.ts';
import { startStatelessMock, type StatelessMock } from '../support/stateless-mock.ts';

// Issue 21, "never pass what was not tested": the suites against a stateless mock generated from our own OpenAPI
// document (as Prism's `mock` is), whose every answer is the row's success with a constant, schema-valid body. A
// rule that passes there judged something the constant answer really shows, or it passes having judged nothing:
// every rule reports how many instances of its statement it judged, none passes with none, and each rule that
// passes is one this list holds (a new one fails until it is judged legitimate here, or made to judge something).

const KILL_AFTER_MS = 120_000;

/** Rules that may pass against the constant answers, and why the constant answer shows what they judge. */
const MAY_PASS: Record<string, string> = {
  'status/*/200': "the mock answers the row's success status with a body valid for its model",
  'status/*/201': 'the same, for the POST of a webhook configuration',
  'status/*/202': 'the same, for an invitation',
  'status/*/204': 'the same, for a desasociar or DELETE',
  'status/*/documented-only': 'every answer is the success status, which every row documents',
  'media/*/*': 'the mock answers each media type the row offers, with a body of that form',
  'limits/*/*-accepted': 'a value the limit allows is accepted (the success status)',
  'conventions/*': 'the sweep judges every answer: constant bodies are JSON of a listed type, without BOM, versions or relative-link faults',
  'versioning/media-type-unversioned': 'no answer carries a version parameter',
  'versioning/links-under-v3': 'every link of the constant bodies names a path under /v3',
  'consultas/list/envelope-schema': 'the constant page is a valid paged envelope',
  'consultas/list/entries-within-per-pagina': 'its one entry is within PerPagina',
  'consultas/list/momento-in-range': 'its Momento lies within its Desde and Hasta',
  'consultas/consulta-schema': 'its entry is a valid Consulta',
  'consultas/get/equals-list-entry': 'GET by sid gives the very Consulta the list holds',
  'consultas/ref/entries-link-only': 'its reference-form entry is a link object',
  'filters/marcas-solo-mercado-nuevos-default-false': 'the list with false is the list without the parameter',
  'lifecycle/invitation-accepted-202': '202, no body and a Location (where it leads is lifecycle/invitation-location-is-agency)',
  'scoping/pending-invitation-hidden':
    "the other app's GET and OPTIONS of the invitation's Location are 404: the mock's Location leads nowhere, which lifecycle/invitation-location-is-agency fails",
  'home/etag-mismatch-not-304': 'a validator the mock never gave is not answered 304',
  'errors/no-server-error': 'no answer of the run is a 5xx',
  'profile/templates-accepted': "every write is answered with its success status, so none refuses a template's value",
  'scoping/filters-within-app': "the list filtered by operador is the app's unfiltered list, which holds no agency it cannot read",
};

/** Rules the issue found passing against such a mock having judged nothing. */
const NOT_EXERCISED = [
  'catalogo/bestmatch-carrocerias',
  'catalogo/bestmatch-marcas',
  'catalogo/bestmatch-ciudades',
  'filters/marcas-q-name-or-codename',
  'catalogo/marcas-solo-mercado-nuevos-narrows',
  'consultas/ref/title-combines',
];

let dir: string;
let profileFile: string;
const mocks: StatelessMock[] = [];

/** The reference profile without simulation hooks (the mock has none), naming an agency and an inquiry. */
async function mockProfile(): Promise<string> {
  const profile = JSON.parse(await readFile(PROFILE_FILE, 'utf8')) as Record<string, unknown>;
  delete profile.$schema;
  Object.assign(profile, { simulationHooks: null, fixtures: { agency: 'user@example.com', inquirySid: 'abcdefghijklmnopqrstuvwx' } });
  const file = path.join(dir, 'mock-profile.json');
  await writeFile(file, JSON.stringify(profile));
  return file;
}

async function runAgainst(options: Parameters<typeof startStatelessMock>[0], only?: string): Promise<{ run: CliRun; answered: number }> {
  const mock = await startStatelessMock(options);
  mocks.push(mock);
  const run = await runCli({ baseUrl: mock.url, profileFile, seed: 1, runs: 3, killAfterMs: KILL_AFTER_MS, ...(only ? { only } : {}) });
  return { run, answered: mock.answered };
}

let constant: { run: CliRun; answered: number };
let failing: { run: CliRun; answered: number };

beforeAll(
  async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'vmp-mock-'));
    profileFile = await mockProfile();
    // One after the other: the machine's two cores are shared.
    constant = await runAgainst({});
    failing = await runAgainst({ failing: { method: 'GET', path: '/v3/colores' } }, 'errors/no-server-error');
  },
  2 * KILL_AFTER_MS + 30_000,
);

afterAll(async () => {
  await Promise.all(mocks.map((m) => m.close()));
  await rm(dir, { recursive: true, force: true });
});

const rule = (run: CliRun, id: string) => run.rules.find((r) => r.id === id);

describe('the suites against a stateless mock answering constant, schema-valid bodies', () => {
  it('report the instances each rule judged, for every rule', () => {
    const { run } = constant;
    expect(run.rules.length, run.tail).toBeGreaterThan(200);
    expect(run.rules.filter((r) => typeof r.instances !== 'number').map((r) => r.id)).toEqual([]);
  });

  it('pass no rule that judged no instance, and only rules whose statement the constant answers show', () => {
    const passed = constant.run.rules.filter((r) => r.verdict === 'pass');
    expect(passed.filter((r) => !r.instances).map((r) => r.id)).toEqual([]);
    const unexplained = passed.filter((r) => !Object.keys(MAY_PASS).some((ref) => matchesRuleRef(ref, r.id)));
    expect(unexplained.map((r) => `${r.id} (${r.instances} instances): ${r.observation ?? ''}`)).toEqual([]);
  });

  it('skip, as not exercised, the rules the constant answers give nothing to judge', () => {
    for (const id of NOT_EXERCISED) {
      const r = rule(constant.run, id);
      expect(r?.verdict, `${id}: ${r?.message ?? ''}`).toBe('skip');
    }
  });

  it('fail home/etag-present on the mock\'s ETag "string", which is no entity-tag', () => {
    const r = rule(constant.run, 'home/etag-present');
    expect(r?.verdict).toBe('fail');
    expect(r?.message).toContain('entity-tag');
  });

  it('judge every request the run sent for a 5xx, though a webhook topic could not be put back', () => {
    const r = rule(constant.run, 'errors/no-server-error');
    expect(r?.verdict, r?.skipReason).toBe('pass');
    expect(r?.observation).toContain('could not be put back');
    expect(r!.instances!).toBeGreaterThanOrEqual(constant.answered / 2);
  });

  it('fail errors/no-server-error on a row answered 500, though a webhook topic could not be put back', () => {
    const r = rule(failing.run, 'errors/no-server-error');
    expect(r?.verdict, `${r?.skipReason ?? ''} ${failing.run.tail}`).toBe('fail');
    expect(r?.message).toMatch(/\[GET\] \/v3\/colores\S*: 500/);
    expect(r?.observation).toContain('could not be put back');
  });
});

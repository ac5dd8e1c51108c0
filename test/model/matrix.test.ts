import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { loadProfile } from '../../sut/profile-load.ts';
import { walkLookups, walkMatrix, type Subject } from '../../suites/model/matrix.ts';
import { injectInquiry, registerAgency } from '../../suites/model/pool.ts';
import { REFUSED_RULE } from '../../suites/model/reads.ts';
import type { ModelRunner } from '../../suites/model/runner.ts';
import { configureTopic, topicStep } from '../../suites/model/topic-steps.ts';
import type { World } from '../../suites/model/world.ts';
import { MODEL_MUTANTS } from '../mutants/gallery/model.ts';
import { startMutantProxy, type MutantProxy } from '../mutants/proxy.ts';
import { PROFILE_FILE, testRunner } from './model-target.ts';

// The scope matrix and the reads after each write, against the reference server (no difference: it conforms) and
// against single faults in front of it (test/mutants/gallery/model.ts): a refused write stored anyway, a topic's
// DELETE reaching another app's. The model runs here outside a conformance run (model-target.ts).

let reference: ReferenceServer;
const closers: (() => Promise<void>)[] = [];

beforeAll(async () => {
  reference = await startReferenceServer({ profile: await loadProfile(PROFILE_FILE), seed: 1 });
});

afterAll(async () => {
  for (const close of closers) await close();
  await reference.close();
});

async function behind(name: string): Promise<string> {
  const mutant = MODEL_MUTANTS.find((m) => m.name === name)!;
  const proxy: MutantProxy = await startMutantProxy({ upstream: reference.url, profile: await loadProfile(PROFILE_FILE), fault: mutant.fault });
  closers.push(() => proxy.close());
  return proxy.url;
}

/** Two agencies of primary, one of other, each with an inquiry; the subjects of the matrix on them. */
async function pool(r: ModelRunner, w: World): Promise<{ subjects: Subject[]; sids: string[] }> {
  const a = await registerAgency(r, w, 'primary', 'ta');
  const b = await registerAgency(r, w, 'primary', 'tb');
  const o = await registerAgency(r, w, 'other', 'to');
  const sids = [];
  for (const [agency, app] of [
    [a, 'primary'],
    [b, 'primary'],
    [o, 'other'],
  ] as const) {
    sids.push((await injectInquiry(r, agency, app, { externalId: 'pub-t', operador: agency.adminMail })).sid!);
  }
  for (const app of w.apps) await configureTopic(r, w, app, 'inquiry');
  return {
    sids,
    subjects: [
      { adminMail: a.adminMail, sid: sids[0]!, owner: 'primary', kind: 'held' },
      { adminMail: o.adminMail, sid: sids[2]!, owner: 'other', kind: 'held' },
      { adminMail: w.nonexistent, sid: sids[0]!, kind: 'nonexistent' },
    ],
  };
}

async function model(url: string): Promise<{ r: ModelRunner; w: World; p: Awaited<ReturnType<typeof pool>> }> {
  const { r, world, close } = await testRunner(url);
  closers.push(close);
  return { r, w: world, p: await pool(r, world) };
}

describe('the scope matrix', () => {
  it('finds no difference on the reference server, having judged every cell and the reads after each write', async () => {
    const { r, w, p } = await model(reference.url);
    await walkMatrix(r, w, p.subjects, { rows: 'all', ownWrites: ['agencias-put'] });
    await walkLookups(r, w, [{ caller: 'primary', adminMail: p.subjects[0]!.adminMail, sid: p.sids[1]! }], true);
    expect(r.ledger.differences.map((d) => d.expectation)).toEqual([]);
    expect(r.ledger.share('scoping/agency-reads').instances).toBeGreaterThan(10);
    expect(r.ledger.share('scoping/foreign-agency-put-403').instances).toBe(1);
    expect(r.ledger.share('scoping/lookup-by-id').instances).toBe(2);
    expect(r.ledger.share(REFUSED_RULE).instances).toBeGreaterThan(10);
  });

  it("fails a PUT answered 403 but stored on the owner's agency, citing the statement, with the owner's read as evidence", async () => {
    const { r, w, p } = await model(await behind('foreign-put-403-applied'));
    await walkMatrix(r, w, p.subjects, { rows: 'all', ownWrites: [] });
    const [d] = r.ledger.share(REFUSED_RULE).differences;
    expect(d).toMatchObject({ rule: REFUSED_RULE, statement: 'auth/no-permission-403' });
    expect(d!.expectation).toMatch(
      /^app (primary|other)'s agency .+ as before PUT \/v3\/agencias\/\S+ answered 403, but RazonSocial "Agencia .+" became "Agencia editada .+" \[auth\/no-permission-403\]$/,
    );
    expect(d!.res.exchange.method).toBe('GET');
    expect(r.ledger.share('scoping/foreign-agency-put-403').differences).toEqual([]);
  });

  it("fails a topic's DELETE that removes the other app's configuration too", async () => {
    const { r, w } = await model(await behind('delete-removes-other-apps-topic'));
    const found = await topicStep(r, w, 'primary', 'DELETE', 'inquiry');
    expect(found?.res.status).toBe(204);
    // The other app's and the empty app's configurations of the topic, both read before and after.
    expect(found?.differences.map((d) => [d.rule, d.statement, d.expectation.split(' as before')[0]])).toEqual([
      ['model/write-neighbours-unchanged', 'auth/scoped-to-app', "app other's 'consultas' configuration"],
      ['model/write-neighbours-unchanged', 'auth/scoped-to-app', "app empty's 'consultas' configuration"],
    ]);
  });
});

import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile, runConformance } from '../../api/index.ts';
import { causeGroups } from '../../reports/cause-groups.ts';
import { fingerprint } from '../../sut/infer/provenance.ts';
import type { Profile } from '../../sut/profile.ts';
import type { Fault } from '../mutants/fault.ts';
import { GALLERY } from '../mutants/gallery/index.ts';
import { startMutantProxy } from '../mutants/proxy.ts';
import { freshReference } from '../mutants/run-cli.ts';

// Causes by what the target did (issue 29 item 4), end to end against targets with one fault each: 400 bodies
// without Instance read as one cause however many rules judge them; a wrong invitation Location is one cause with
// the 404s of where it led listed under it; a baseline of a profile whose values init inferred holds after the
// profile is edited.

const REFERENCE_PROFILE = path.resolve(import.meta.dirname, '../../profiles/reference.json');
const ONLY_400 = 'errors/validation-problem-body,errors/instance-is-request-path,status/agencias-*/400,status/ciudades-*/400,status/consultas-list/400';
let profile: Profile;
let dir: string;

beforeAll(async () => {
  profile = await loadProfile(REFERENCE_PROFILE);
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-departures-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** 400 bodies as the reference sends them, but without their Instance member. */
const noInstance: Fault = {
  response(_req, res) {
    if (res.status === 400 && res.contentType === 'application/problem+json') res.editJson((body) => void delete body.Instance);
  },
};

async function against(fault: Fault, only: string, name: string, extra: { profile?: string; baseline?: string; writeBaseline?: string } = {}) {
  const reference = await freshReference(profile);
  const proxy = await startMutantProxy({ upstream: reference.url, profile, fault });
  const lines: string[] = [];
  try {
    const outcome = await runConformance({
      baseUrl: proxy.url,
      profile: REFERENCE_PROFILE,
      only,
      runs: 5,
      seed: 1,
      reportDir: path.join(dir, name),
      out: (l) => lines.push(l),
      ...extra,
    });
    return { outcome, text: lines.join('\n'), failed: outcome.result.rules.filter((r) => r.verdict === 'fail') };
  } finally {
    await proxy.close();
    await reference.close();
  }
}

describe('causes by what the target did, end to end', () => {
  it('400 bodies without Instance: one cause for every rule that judged them, on the console and in summary.md', async () => {
    const { outcome, text, failed } = await against(noInstance, ONLY_400, 'no-instance');
    expect(outcome.exitCode).toBe(1);
    expect(failed.length).toBeGreaterThanOrEqual(4);
    const groups = causeGroups(failed);
    expect(groups.map((g) => g.key)).toEqual(['member-missing Instance']);
    expect(text).toContain(`Failures by cause (1 cause → ${failed.length} rules):`);
    expect(text).toContain(`  ${failed.length} rules — no member Instance in the body`);
    const summary = await readFile(path.join(outcome.reportDir, 'summary.md'), 'utf8');
    expect(summary).toContain(`### Failures by cause (1 cause → ${failed.length} rules)`);
    expect(JSON.parse(await readFile(outcome.reportFiles.results, 'utf8')).rules.find((r: { id: string }) => r.id === failed[0]!.id).departure).toEqual({
      kind: 'member-missing',
      subject: 'Instance',
    });
  }, 180_000);

  it('an invitation Location naming another agency: one cause, the 404s of where it led under it', async () => {
    const wrong = GALLERY.find((m) => m.name === 'invitation-location-names-another-agency')!;
    const { text, failed } = await against(wrong.fault, 'lifecycle/invitation-*', 'location');
    const groups = causeGroups(failed);
    const location = groups.find((g) => g.key.startsWith('header-wrong Location'))!;
    expect(location.rules.map((r) => r.id)).toEqual(['lifecycle/invitation-location-is-agency']);
    expect(location.followers.map((r) => r.id)).toEqual(expect.arrayContaining(['lifecycle/invitation-state-get', 'lifecycle/invitation-state-options']));
    expect(groups).toHaveLength(1);
    expect(text).toContain(`Failures by cause (1 cause → ${failed.length} rules):`);
    expect(text).toMatch(/followed by \d+ \(requests to where its answers led, answered 404\): lifecycle\/invitation-state-get/);
  }, 180_000);

  it('a baseline written while init had inferred a template still holds once the profile is edited', async () => {
    const raw = JSON.parse(await readFile(REFERENCE_PROFILE, 'utf8')) as Record<string, unknown> & { templates: Record<string, unknown> };
    const marked = { ...raw, $inferred: { 'templates.agenciaEdit': `unverified ${fingerprint(raw.templates.agenciaEdit, [])}` } };
    const before = path.join(dir, 'inferred.json');
    await writeFile(before, JSON.stringify(marked));
    const baseline = path.join(dir, 'baseline.json');
    const first = await against(noInstance, ONLY_400, 'baseline-write', { profile: before, writeBaseline: baseline });
    expect(first.failed.length).toBeGreaterThanOrEqual(4);
    // The template built the requests, but no missing Instance is its doing: the note is on none of them.
    for (const r of first.failed) expect(r.message).not.toContain('templates.agenciaEdit');
    const written = JSON.parse(await readFile(baseline, 'utf8')) as { failing: { cause: string }[] };
    expect(new Set(written.failing.map((e) => e.cause))).toEqual(new Set(['member-missing Instance']));
    // The user edits the inferred template: the mark no longer matches its value (the value is theirs now).
    const edited = path.join(dir, 'edited.json');
    const agenciaEdit = { ...(raw.templates.agenciaEdit as object), Telefono: '+54 11 4000-0002' };
    await writeFile(edited, JSON.stringify({ ...marked, templates: { ...raw.templates, agenciaEdit } }));
    const again = await against(noInstance, ONLY_400, 'baseline-read', { profile: edited, baseline });
    expect(again.outcome.exitCode).toBe(0);
    expect(again.outcome.result.baseline?.newFailures).toEqual([]);
    expect(again.outcome.result.baseline?.stillFailing).toEqual(first.failed.map((r) => r.id).sort());
  }, 240_000);
});

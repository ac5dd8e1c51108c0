import { readFile } from 'node:fs/promises';
import { load } from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { loadProfile } from '../../sut/profile-load.ts';
import { runMain } from '../support/main-in-process.ts';

// examples/ is documentation a user copies: a profile that does not load, or a workflow calling a flag that
// does not exist, would fail them at the first try.

const example = (name: string) => new URL(`../../examples/${name}`, import.meta.url);

describe('examples/', () => {
  it('profile.json loads, its credentials staying references to the environment', async () => {
    const env = { VMP_PRIMARY_TOKEN: 'p-token', VMP_OTHER_TOKEN: 'o-token', VMP_EMPTY_TOKEN: 'e-token', VMP_WEBHOOK_SECRET: 'whsec' };
    const profile = await loadProfile(example('profile.json').pathname, env);
    expect(profile.apps.primary.headers).toEqual({ Authorization: 'Bearer p-token' });
    expect(await readFile(example('profile.json'), 'utf8')).not.toMatch(/p-token|o-token|e-token|whsec/);
  });

  it('ci/conformance.yml calls run only with flags that run accepts', async () => {
    const workflow = await readFile(example('ci/conformance.yml'), 'utf8');
    const command = /npx vmp-conformance run([\s\S]*?)\n\s+- name:/.exec(workflow)![1]!;
    const flags = command.match(/--[a-z-]+/g)!;
    expect(flags.length).toBeGreaterThan(3);
    const usage = (await runMain(['run', '--help'])).out.join('\n');
    for (const flag of flags) expect(usage, flag).toContain(flag);
  });

  it('ci/conformance.yml and action.yml are YAML as GitHub reads them, and the action calls run only with flags it accepts', async () => {
    const workflow = load(await readFile(example('ci/conformance.yml'), 'utf8')) as { jobs: Record<string, { steps: { run?: string }[] }> };
    expect(Object.values(workflow.jobs)[0]!.steps.length).toBeGreaterThan(5);
    const action = load(await readFile(new URL('../../action.yml', import.meta.url), 'utf8')) as { runs: { steps: { id?: string; run?: string }[] } };
    const script = action.runs.steps.find((s) => s.id === 'run')!.run!;
    const flags = script.match(/--[a-z-]+/g)!;
    expect(flags).toEqual(expect.arrayContaining(['--base-url', '--profile', '--report-dir', '--baseline']));
    const usage = (await runMain(['run', '--help'])).out.join('\n');
    for (const flag of flags) expect(usage, flag).toContain(flag);
  });
});

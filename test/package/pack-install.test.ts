import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile, startReferenceServer } from '../../api/index.ts';
import { action, type Context, expand, inputsWith, outputsOf, runStep, type Step, stepNamed, workflowSteps } from './workflow-steps.ts';

// The package as a user gets it (issue 15): `npm pack` (prepack builds dist/) in a fresh clone, the tarball
// installed into an empty project, its dependencies from the local npm cache (`npm ci` filled it) or the registry,
// then the installed command and the programmatic API used there, with nothing of this checkout around: no tsx, no
// sources. The install is the action's and the example workflow's own steps (workflow-steps.ts).

const ROOT = path.resolve(import.meta.dirname, '../..');
const MINUTE = 60_000;

interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * The children's environment: without npm's own variables (`npm test` sets npm_config_local_prefix and the like,
 * which would point an install back at this checkout), NODE_OPTIONS (no loader may sneak in) and this checkout's
 * node_modules/.bin on PATH (tsx is there).
 */
function cleanEnv(): NodeJS.ProcessEnv {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'NODE_OPTIONS'));
  env.PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((p) => !p.startsWith(ROOT))
    .join(path.delimiter);
  return env;
}

function run(command: string, args: string[], cwd: string, timeout: number): Promise<Ran> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env: cleanEnv(), timeout, maxBuffer: 32 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr });
    });
  });
}

const shown = (r: Ran): string => `exit ${r.code}\n--- stdout\n${r.stdout.slice(-4000)}\n--- stderr\n${r.stderr.slice(-4000)}`;

let dir: string;
let app: string;
let installed: string;
let clone: string;
let context: Context;

/** Every file under the installed package, its own node_modules included. */
const packageFiles = async (): Promise<string[]> => (await readdir(installed, { recursive: true, encoding: 'utf8' })).sort();

/** A fresh clone of this repository as it stands: its files in git (and new ones not ignored), nothing built or installed. */
async function freshClone(to: string): Promise<void> {
  const listed = await run('git', ['ls-files', '--cached', '--others', '--exclude-standard', '-z'], ROOT, MINUTE);
  expect(listed.code, shown(listed)).toBe(0);
  const files = listed.stdout.split('\0').filter((f) => f !== '' && existsSync(path.join(ROOT, f)));
  await Promise.all(files.map((f) => cp(path.join(ROOT, f), path.join(to, f))));
}

/** A step as the runner runs it, offline first (everything from the npm cache), then with the registry once. */
async function runInstallStep(step: Step, cwd: string, env: NodeJS.ProcessEnv): Promise<void> {
  let ran = await runStep(step, context, cwd, { ...env, npm_config_offline: 'true' }, 8 * MINUTE);
  if (ran.code !== 0) ran = await runStep(step, context, cwd, { ...env, npm_config_prefer_offline: 'true' }, 8 * MINUTE);
  expect(ran.code, `${step.name}: ${shown(ran)}`).toBe(0);
}

// The package is installed as CI installs it (issue 29 §1), from a fresh clone of this repository: the action's
// install step (npm ci, npm pack, the tarball installed into runner.temp/vmp-conformance, which is then the
// consumer project of the tests below), and the example workflow's install step, run again there.
beforeAll(async () => {
  const job = workflowSteps();
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-pack-'));
  clone = path.join(dir, 'vmp-conformance');
  const runnerTemp = path.join(dir, 'runner');
  app = path.join(runnerTemp, 'vmp-conformance');
  await mkdir(app, { recursive: true });
  await freshClone(clone);
  await writeFile(path.join(app, 'package.json'), JSON.stringify({ name: 'vmp-consumer', version: '1.0.0', private: true, type: 'module' }));
  context = { inputs: inputsWith({}), actionPath: clone, runnerTemp, outputs: {} };
  const env = { ...cleanEnv(), RUNNER_TEMP: runnerTemp, GITHUB_PATH: path.join(dir, 'github-path') };
  await runInstallStep(stepNamed(action().runs.steps, /^Install/), clone, env);
  // The workflow builds the tarball as the action does (the same commands, into RUNNER_TEMP), then installs it.
  const actionInstall = stepNamed(action().runs.steps, /^Install/).run!.split('\n');
  for (const line of stepNamed(job, /^Build vmp-conformance/)
    .run!.trim()
    .split('\n'))
    expect(actionInstall).toContain(line.replace('"$RUNNER_TEMP"', '"$VMP_TOOL"'));
  await runInstallStep(stepNamed(job, /^Install vmp-conformance/), app, { ...env, RUNNER_TEMP: app });
  installed = path.join(app, 'node_modules/vmp-conformance');
  expect((await readFile(env.GITHUB_PATH, 'utf8')).trim()).toBe(path.join(app, 'node_modules/.bin'));
}, 20 * MINUTE);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('the packed and installed package', () => {
  it('ships compiled JavaScript and its declarations, no TypeScript sources, and needs no tsx', async () => {
    const files = (await readdir(installed, { recursive: true, encoding: 'utf8' })).filter((f) => !f.split(path.sep).includes('node_modules'));
    expect(files.filter((f) => f.endsWith('.ts') && !f.endsWith('.d.ts'))).toEqual([]);
    expect(files).toEqual(
      expect.arrayContaining(['dist/api/index.js', 'dist/api/index.d.ts', 'dist/cli/main.js', 'bin/vmp-conformance.js', 'profiles/reference.json', 'LICENSE']),
    );
    const manifest = JSON.parse(await readFile(path.join(installed, 'package.json'), 'utf8')) as { dependencies: Record<string, string> };
    expect(Object.keys(manifest.dependencies)).not.toContain('tsx');
    const probe = "try { console.log(import.meta.resolve('tsx')) } catch (error) { console.log(error.code) }";
    const resolved = await run(process.execPath, ['--input-type=module', '-e', probe], app, MINUTE);
    expect(resolved.stdout.trim(), 'tsx is not installed in the consumer project').toBe('ERR_MODULE_NOT_FOUND');
  });

  it(
    'npx vmp-conformance start passes against the embedded server and says where the HTML report is',
    async () => {
      const reportDir = path.join(dir, 'start-report');
      const started = await run('npx', ['--no', 'vmp-conformance', 'start', '--report-dir', reportDir], app, 5 * MINUTE);
      expect(started.code, shown(started)).toBe(0);
      expect(started.stdout).toContain(`HTML report: ${path.join(reportDir, 'report.html')}`);
      expect(await readFile(path.join(reportDir, 'report.html'), 'utf8')).toMatch(/^<!doctype html>/i);
    },
    6 * MINUTE,
  );

  it(
    'a program imports the API from vmp-conformance: runs the suites, loads a profile, verifies signatures',
    async () => {
      await copyFile(path.join(import.meta.dirname, 'use-api.mjs'), path.join(app, 'use-api.mjs'));
      const before = await packageFiles();
      // A relative report directory (issue 23 §5): it lands in the program's working directory, as every file of it.
      const ran = await run(process.execPath, ['use-api.mjs', 'vmp-report'], app, 3 * MINUTE);
      expect(ran.code, shown(ran)).toBe(0);
      const printed = JSON.parse(ran.stdout.trim().split('\n').at(-1)!) as Record<string, unknown> & {
        rules: string[];
        reportFiles: Record<string, string>;
        reportDir: string;
        streamed: [string, number, number][];
      };
      expect(printed.reportDir).toBe(path.join(app, 'vmp-report'));
      expect((await readdir(printed.reportDir)).sort()).toEqual(['junit.xml', 'report.html', 'results.json', 'summary.md', 'vitest.json']);
      // Nothing was written inside the installed package: no vite cache, no report, no temporary file.
      expect(await packageFiles()).toEqual(before);
      // onRule heard every rule as it completed, with the running count.
      expect(printed.streamed.map(([id]) => id).sort()).toEqual([...printed.rules].sort());
      expect(printed.streamed.map(([, done]) => done)).toEqual(printed.rules.map((_, i) => i + 1));
      expect(printed).toMatchObject({
        exitCode: 0,
        apps: expect.arrayContaining(['primary']),
        schemaType: 'object',
        signature: 'valid',
        independent: 'valid',
        tampered: 'invalid',
        refused: { name: 'UsageError', code: 'VMP_ERR_USAGE', usage: true, vmp: true, target: false },
      });
      expect(printed.rules.length).toBeGreaterThan(0);
      expect(printed.rules.every((id) => id.startsWith('limits/'))).toBe(true);
      expect(JSON.parse(await readFile(printed.reportFiles.results!, 'utf8')).seed).toBe(7);
    },
    4 * MINUTE,
  );

  it(
    'a CommonJS program require()s it (npm 11\'s default "type": "commonjs"): servers, profiles, signatures, and the CLI\'s refusals',
    async () => {
      const project = path.join(app, 'cjs-js');
      await mkdir(project);
      await writeFile(path.join(project, 'package.json'), JSON.stringify({ name: 'cjs-js', version: '1.0.0', type: 'commonjs' }));
      await copyFile(path.join(import.meta.dirname, 'use-api.cjs'), path.join(project, 'index.js'));
      const ran = await run(process.execPath, ['index.js'], project, MINUTE);
      expect(ran.code, shown(ran)).toBe(0);
      // No ExperimentalWarning on the supported lines (20.19+, 22.13+): require(esm) is plain there.
      expect(ran.stderr).toBe('');
      // docs/api.md's two snippets: the CommonJS one parses as CommonJS in this project (npm 11's default), the ES
      // module one as a module, and every name they take from the package is one it exports.
      const snippets = [...(await readFile(path.join(ROOT, 'docs/api.md'), 'utf8')).matchAll(/^```js\n([\s\S]*?)^```/gm)].map((m) => m[1]!);
      const cjsSnippet = snippets.find((s) => s.includes("require('vmp-conformance')"))!;
      const esmSnippet = snippets.find((s) => s.includes("from 'vmp-conformance'"))!;
      await writeFile(path.join(project, 'snippet.js'), cjsSnippet);
      await writeFile(path.join(app, 'snippet.js'), esmSnippet);
      for (const [cwd, label] of [
        [project, 'CommonJS'],
        [app, 'ES module'],
      ] as const) {
        const checked = await run(process.execPath, ['--check', 'snippet.js'], cwd, MINUTE);
        expect(checked.code, `${label} snippet of docs/api.md: ${shown(checked)}`).toBe(0);
      }
      const exported = await run(process.execPath, ['-e', "console.log(Object.keys(require('vmp-conformance')).join(' '))"], project, MINUTE);
      const names = new Set(exported.stdout.trim().split(' '));
      for (const snippet of [cjsSnippet, esmSnippet]) {
        for (const name of /\{([^}]*)\}\s*(?:=\s*require|from)/
          .exec(snippet)![1]!
          .split(',')
          .map((n) => n.trim()))
          expect(names, name).toContain(name);
      }
      expect(JSON.parse(ran.stdout.trim().split('\n').at(-1)!)).toEqual({
        version: JSON.parse(await readFile(path.join(ROOT, 'package.json'), 'utf8')).version,
        homeStatus: 200,
        threshold: expect.objectContaining({ metric: 'p99' }),
        signature: 'valid',
        refused: {
          name: 'UsageError',
          code: 'VMP_ERR_USAGE',
          usage: true,
          vmp: true,
          message: "baseUrl must have no query or fragment (every API path is appended to it), got 'http://h/?x'",
        },
      });
    },
    2 * MINUTE,
  );

  it(
    'its types reach TypeScript consumers, ESM and CommonJS (module nodenext, strict, skipLibCheck false), catch a wrong option, and the CommonJS one runs',
    async () => {
      const esm = [
        "import { loadProfile, runConformance, verifyWebhookSignature, type RuleResult, type RunOutcome } from 'vmp-conformance';",
        'const seen: RuleResult[] = [];',
        "const outcome: RunOutcome = await runConformance({ only: 'limits/*', runs: 5, signal: AbortSignal.timeout(60_000), onRule: (rule, p) => seen.push({ ...rule, durationMs: p.done }) });",
        "const apps: string[] = Object.keys((await loadProfile('p.json')).apps);",
        "const status: 'valid' | 'invalid' | string = verifyWebhookSignature(null, {}, Buffer.from('')).status;",
        '// @ts-expect-error runs is a number: the declarations are typed, not any',
        "await runConformance({ runs: 'five' });",
        'export { outcome, apps, status, seen };',
      ].join('\n');
      // A CommonJS project as `npm init` writes one without "type": its import statements compile to require().
      const cjs = [
        "import { mergeLoadFiles, parseThreshold, runConformance, UsageError, type LoadOptions, type Threshold } from 'vmp-conformance';",
        "const t: Threshold = parseThreshold('p99<250ms');",
        "const options: LoadOptions = { durationSec: 5, thresholds: [t, 'errors<1%'] };",
        '// @ts-expect-error durationSec is a number',
        "const wrong: LoadOptions = { durationSec: '5' };",
        'class Refused extends UsageError {}',
        'async function main(): Promise<void> {',
        "  const refused = await runConformance({ baseUrl: 'http://h/?x', profile: {} }).then(() => undefined, (e: unknown) => e);",
        '  const merged = await mergeLoadFiles([], [t]).then(() => undefined, (e: { code?: string }) => e.code);',
        "  console.log(JSON.stringify({ usage: refused instanceof UsageError, mine: new Refused('x') instanceof UsageError, merged, options: options.durationSec, wrong: typeof wrong }));",
        '}',
        'void main();',
      ].join('\n');
      await writeFile(path.join(app, 'consumer.ts'), esm);
      await mkdir(path.join(app, 'cjs-ts'));
      await writeFile(path.join(app, 'cjs-ts/package.json'), JSON.stringify({ name: 'cjs-ts', version: '1.0.0' }));
      await writeFile(path.join(app, 'cjs-ts/consumer.ts'), cjs);
      const options = {
        target: 'ES2023',
        lib: ['ES2023'],
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        // The shipped declarations and every one they reach are checked (issue 23 §5): vitest's are not among them.
        skipLibCheck: false,
        types: ['node'],
        typeRoots: [path.join(ROOT, 'node_modules/@types')],
      };
      // One compilation for both (each file's module format is its package.json's): the .js lands beside each .ts.
      await writeFile(path.join(app, 'tsconfig.json'), JSON.stringify({ compilerOptions: options, files: ['consumer.ts', 'cjs-ts/consumer.ts'] }));
      const checked = await run(process.execPath, [path.join(ROOT, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.json'], app, 3 * MINUTE);
      expect(checked.code, shown(checked)).toBe(0);
      expect(await readFile(path.join(app, 'cjs-ts/consumer.js'), 'utf8')).toMatch(/require\("vmp-conformance"\)/);
      const ran = await run(process.execPath, ['consumer.js'], path.join(app, 'cjs-ts'), MINUTE);
      expect(ran.code, shown(ran)).toBe(0);
      expect(JSON.parse(ran.stdout.trim())).toEqual({ usage: true, mine: true, merged: 'VMP_ERR_MERGE', options: 5, wrong: 'object' });
    },
    4 * MINUTE,
  );
  it(
    "the action's steps, as a script against the reference server: the run, summary.md in the job summary, the exit code; upload and publish take the report directory",
    async () => {
      const profileFile = path.join(installed, 'profiles/reference.json');
      const server = await startReferenceServer({ profile: await loadProfile(profileFile) });
      try {
        const steps = action().runs.steps;
        expect(action().runs.using).toBe('composite');
        expect(stepNamed(steps, /^$/).uses ?? '').toMatch(/^actions\/setup-node@/);
        const job = async (name: string, inputs: Record<string, string>) => {
          const work = path.join(dir, name);
          await mkdir(work);
          const files = { summary: path.join(work, 'step-summary.md'), output: path.join(work, 'github-output') };
          await writeFile(files.summary, '');
          await writeFile(files.output, '');
          const ctx: Context = { ...context, inputs: inputsWith(inputs), outputs: {} };
          const env: NodeJS.ProcessEnv = { ...cleanEnv(), RUNNER_TEMP: context.runnerTemp, GITHUB_STEP_SUMMARY: files.summary, GITHUB_OUTPUT: files.output };
          // What the install step put on GITHUB_PATH comes first on PATH for the steps after it, as on a runner.
          env.PATH = `${(await readFile(path.join(dir, 'github-path'), 'utf8')).trim()}${path.delimiter}${env.PATH}`;
          const codes: Record<string, number> = {};
          const used: Record<string, Record<string, string>> = {};
          for (const step of steps.slice(steps.indexOf(stepNamed(steps, /^Install/)) + 1)) {
            if (step.uses !== undefined) {
              expect(step.if, step.uses).toBe('always()');
              used[step.uses.split('@')[0]!] = Object.fromEntries(Object.entries(step.with ?? {}).map(([k, v]) => [k, expand(String(v), ctx)]));
              continue;
            }
            const ran = await runStep(step, ctx, work, env, 3 * MINUTE);
            codes[step.name!] = ran.code;
            if (step.id) ctx.outputs[step.id] = outputsOf(await readFile(files.output, 'utf8'));
          }
          return { work, codes, used, outputs: ctx.outputs, summary: await readFile(files.summary, 'utf8') };
        };

        const passed = await job('job-pass', {
          'base-url': server.url,
          profile: profileFile,
          args: '--only home/* --seed 7',
          'artifact-name': 'vmp-report-node22',
        });
        expect(passed.outputs.run).toEqual({ 'exit-code': '0' });
        expect(Object.values(passed.codes)).toEqual([0, 0, 0]);
        expect(passed.summary).toBe(await readFile(path.join(passed.work, 'vmp-report/summary.md'), 'utf8'));
        expect(passed.summary).toMatch(/PASS/);
        expect(passed.used['actions/upload-artifact']).toMatchObject({ name: 'vmp-report-node22', path: 'vmp-report/' });
        expect(passed.used['mikepenz/action-junit-report']).toEqual({ report_paths: 'vmp-report/junit.xml' });
        expect((await readdir(path.join(passed.work, 'vmp-report'))).sort()).toEqual(
          expect.arrayContaining(['junit.xml', 'report.html', 'results.json', 'summary.md']),
        );
        expect(await readFile(path.join(passed.work, 'vmp-report/junit.xml'), 'utf8')).toMatch(/^<\?xml/);

        // A baseline that does not exist: exit 2, which the last step turns into the job's failure, after the summary.
        const refused = await job('job-usage', { 'base-url': server.url, profile: profileFile, baseline: 'no-such-baseline.json' });
        expect(refused.outputs.run).toEqual({ 'exit-code': '2' });
        expect(Object.values(refused.codes)).toEqual([0, 0, 2]);
        expect(refused.summary.trim()).not.toBe('');
      } finally {
        await server.close();
      }
    },
    4 * MINUTE,
  );
});

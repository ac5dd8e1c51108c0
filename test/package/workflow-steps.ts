import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { load } from 'js-yaml';

// The steps of action.yml and examples/ci/conformance.yml as GitHub's runner would take them, for the tests that run
// them where no runner is (issue 29 §1): each `run:` step executed by bash as the runner's default shell runs it
// (`bash --noprofile --norc -eo pipefail`), its `${{ … }}` expressions filled in from a small context (inputs,
// github.action_path, runner.temp, steps.<id>.outputs); a `uses:` step is returned for its inputs to be checked.

export const ROOT = path.resolve(import.meta.dirname, '../..');

export interface Step {
  name?: string;
  id?: string;
  if?: string;
  uses?: string;
  run?: string;
  shell?: string;
  'working-directory'?: string;
  env?: Record<string, string>;
  with?: Record<string, string>;
}

interface Action {
  inputs: Record<string, { required?: boolean; default?: string }>;
  runs: { using: string; steps: Step[] };
}

export const action = (): Action => load(readFileSync(path.join(ROOT, 'action.yml'), 'utf8')) as Action;

export function workflowSteps(): Step[] {
  const workflow = load(readFileSync(path.join(ROOT, 'examples/ci/conformance.yml'), 'utf8')) as { jobs: Record<string, { steps: Step[] }> };
  return Object.values(workflow.jobs)[0]!.steps;
}

export const stepNamed = (steps: readonly Step[], name: RegExp): Step => {
  const found = steps.find((s) => name.test(s.name ?? ''));
  if (!found) throw new Error(`no step named ${name}`);
  return found;
};

export interface Context {
  inputs: Record<string, string>;
  actionPath: string;
  runnerTemp: string;
  outputs: Record<string, Record<string, string>>;
}

/** Fills in the `${{ … }}` expressions a step uses; any other expression is an error, so a new one is noticed. */
export function expand(text: string, c: Context): string {
  return text.replace(/\$\{\{\s*([^}]+?)\s*\}\}/g, (_, expression: string) => {
    const input = /^inputs\.([\w-]+)$/.exec(expression);
    if (input) return c.inputs[input[1]!] ?? '';
    if (expression === 'github.action_path') return c.actionPath;
    if (expression === 'runner.temp') return c.runnerTemp;
    const output = /^steps\.([\w-]+)\.outputs\.([\w-]+)$/.exec(expression);
    if (output) return c.outputs[output[1]!]?.[output[2]!] ?? '';
    throw new Error(`expression the step runner does not know: ${expression}`);
  });
}

/** The inputs of the action as a `with:` gives them, defaults filled in. */
export function inputsWith(given: Record<string, string>): Record<string, string> {
  const defaults = Object.fromEntries(Object.entries(action().inputs).map(([name, i]) => [name, i.default ?? '']));
  return { ...defaults, ...given };
}

export interface Ran {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs one `run:` step with bash as the runner does, in `cwd`, its env expanded over `env`. */
export function runStep(step: Step, c: Context, cwd: string, env: NodeJS.ProcessEnv, timeout: number): Promise<Ran> {
  if (step.run === undefined) throw new Error(`${step.name ?? step.uses}: not a run step`);
  if (step.shell !== undefined && step.shell !== 'bash') throw new Error(`${step.name}: shell ${step.shell}, not bash`);
  const stepEnv = Object.fromEntries(Object.entries(step.env ?? {}).map(([k, v]) => [k, expand(String(v), c)]));
  const where = step['working-directory'] ? path.resolve(cwd, step['working-directory']) : cwd;
  return new Promise((resolve) => {
    execFile(
      'bash',
      ['--noprofile', '--norc', '-eo', 'pipefail', '-c', expand(step.run!, c)],
      { cwd: where, env: { ...env, ...stepEnv }, timeout, maxBuffer: 32 * 1024 * 1024 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === 'number' ? error.code : -1) : 0, stdout, stderr }),
    );
  });
}

/** `name=value` lines of a GITHUB_OUTPUT file. */
export const outputsOf = (text: string): Record<string, string> =>
  Object.fromEntries(
    text
      .split('\n')
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

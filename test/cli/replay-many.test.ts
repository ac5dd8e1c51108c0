import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startEmbedded, type Embedded } from '../../api/embedded.ts';
import { runResultSchema } from '../../reports/results.ts';
import { BODY_CHARS, BODY_LINES, bodyLines, responseLines } from '../../reports/response-lines.ts';
import { runMain } from '../support/main-in-process.ts';
import { startBrokenServer, type BrokenServer } from '../support/broken-server.ts';
import { cli, E2E_TIMEOUT, HOME_RULES, ROOT, SECRET_VALUES, SECRETS, tempDir, writeSecretProfile } from './run-support.ts';

// Issue 29 §8: `replay` of several ids and `replay --failed [results.json]` — every failure of a run replayed, each
// with its recorded seed, the re-sent request's response shown (status, headers, body), exit 1 while any still
// fails. The recording is a real run of Endpoints > Home against the broken server (three failures).

let server: BrokenServer;
let embedded: Embedded;
let profile: string;
let results: string;
let failures: { id: string; failureId: string }[];
let seed: number;

async function replay(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await runMain(['replay', ...args]);
  return { code: r.code, stdout: r.out.join('\n'), stderr: r.err.join('\n') };
}

beforeAll(async () => {
  for (const [name, value] of Object.entries(SECRETS)) vi.stubEnv(name, value);
  server = await startBrokenServer(SECRET_VALUES);
  const dir = await tempDir('replay-many');
  profile = await writeSecretProfile(dir);
  const reportDir = path.join(dir, 'report');
  const run = await cli(['run', '--base-url', server.url, '--profile', profile, '--only', HOME_RULES, '--report-dir', reportDir]);
  expect(run.code).toBe(1);
  results = path.join(reportDir, 'results.json');
  const recorded = runResultSchema.parse(JSON.parse(await readFile(results, 'utf8')));
  failures = recorded.rules.flatMap((r) => (r.verdict === 'fail' ? [{ id: r.id, failureId: r.failureId! }] : []));
  seed = recorded.seed;
  expect(failures.length).toBeGreaterThanOrEqual(2);
  embedded = await startEmbedded();
}, E2E_TIMEOUT);

afterAll(async () => {
  await server?.close();
  await embedded?.close();
});

describe('replay of several failures', () => {
  it('two ids (a failure id and a rule id): each re-sent, its response shown, both re-judged with the recorded seed → exit 1', async () => {
    const [a, b] = failures;
    const r = await replay([a!.failureId, b!.id, '--from', results, '--profile', profile]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(`[1/2] replaying ${a!.failureId} — ${a!.id}`);
    expect(r.stdout).toContain(`[2/2] replaying ${b!.failureId} — ${b!.id}`);
    expect(r.stdout.match(new RegExp(`^recorded with --seed ${seed} --runs 25`, 'gm'))).toHaveLength(2);
    // The re-sent request's response: status, headers, the JSON body indented.
    expect(r.stdout).toMatch(/^ {4}HTTP 400$/m);
    expect(r.stdout).toMatch(/^ {4}content-type: application\/json$/m);
    expect(r.stdout).toContain('      "title": "conditional requests are not supported"');
    expect(r.stdout).toContain(`(run --only ${a!.id},${b!.id} --seed ${seed} --runs 25`);
    expect(r.stdout).toMatch(new RegExp(`^${a!.failureId} ${a!.id}: still fails: `, 'm'));
    expect(r.stdout).toMatch(new RegExp(`^${b!.failureId} ${b!.id}: still fails: `, 'm'));
    for (const secret of SECRET_VALUES) expect(r.stdout).not.toContain(secret);
  });

  it('--failed results.json replays every failure the run recorded → exit 1', async () => {
    const r = await replay(['--failed', results, '--profile', profile]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    for (const [i, f] of failures.entries()) expect(r.stdout).toContain(`[${i + 1}/${failures.length}] replaying ${f.failureId} — ${f.id}`);
    expect(r.stdout).toContain(`${failures.length} of ${failures.length} failures still fail or could not be judged; 0 do not reproduce`);
  });

  it('--failed against a target that conforms: every failure passes now → exit 0', async () => {
    const reference = path.join(ROOT, 'profiles/reference.json');
    const r = await replay(['--failed', '--from', results, '--base-url', embedded.baseUrl, '--profile', reference]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    // The recorded ETag is the broken server's: the reference server answers with its home document, cut to size.
    expect(r.stdout).toMatch(/^ {4}HTTP 200$/m);
    expect(r.stdout).toMatch(/^ {4}… \(\d+ more characters of \d+ not shown\)$/m);
    expect(r.stdout).toContain(`0 of ${failures.length} failures still fail or could not be judged; ${failures.length} do not reproduce`);
  });

  it('unknown ids → exit 2 naming each; --failed with ids, or no id at all → exit 2', async () => {
    const unknown = await replay(['fffffff', failures[0]!.failureId, 'eeeeeee', '--from', results]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(`no failure 'fffffff', 'eeeeeee' in ${results}; its failures: `);
    const both = await replay(['--failed', results, failures[0]!.failureId]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/replay --failed replays every failure of one results.json/);
    const none = await replay(['--from', results]);
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/replay takes the failure ids to replay, or --failed/);
  });
});

describe('the response replay shows', () => {
  it('a long body is cut at its line and character bounds, saying how much was left out', () => {
    const lines = Array.from({ length: 100 }, (_, i) => `line ${i}`).join('\n');
    const shown = bodyLines(lines);
    expect(shown).toHaveLength(BODY_LINES + 1);
    expect(shown.at(-1)).toMatch(/^… \(\d+ more characters of \d+ not shown\)$/);
    const wide = bodyLines('x'.repeat(BODY_CHARS * 3));
    expect(wide[0]).toHaveLength(BODY_CHARS);
    expect(wide.at(-1)).toBe(`… (${BODY_CHARS * 2} more characters of ${BODY_CHARS * 3} not shown)`);
    expect(bodyLines('{}')).toEqual(['{}']);
  });

  it('no response: the transport error instead; an empty body said so', () => {
    expect(responseLines({ headers: {}, text: '', error: { code: 'VMP_ERR_TIMEOUT', message: 'no answer' } })).toEqual([
      '    no response (VMP_ERR_TIMEOUT: no answer)',
    ]);
    expect(responseLines({ status: 204, headers: { etag: '"x"' }, text: '' })).toEqual(['    HTTP 204', '    etag: "x"', '', '    (empty body)']);
  });
});

import { existsSync } from 'node:fs';
import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnCli, type CliOptions } from './cli-child.ts';
import { startProxy, type ProxiedRequest, type ProxyHooks } from './proxy.ts';
import { perTest, referenceProfileJson, isTakeover, startWebhookTarget, USER_CALLBACK, USER_TOPIC } from './webhook-target.ts';

// The stage of the journal tests (issue 27, items 1–4): a reference server whose primary app's inquiry topic the
// user configured, a proxy in front of it that tells when a run first takes that topic over (and may answer in the
// target's place), the profile beside a run directory, a state directory of the test's own (its locks and
// journals), and every topic of both apps read before, to compare with what the commands leave behind.

export const APPS = ['primary', 'other'] as const;
/** The run's scope: the checks that change webhook topics, quickly. */
export const ONLY = 'events/*,appnotificaciones/*';

/** A restore's write of the user's own value. */
export const isRestorePut = (req: ProxiedRequest): boolean => req.method === 'PUT' && req.body.toString('utf8').includes(USER_CALLBACK);

export interface Stage {
  dir: string;
  profile: string;
  stateDir: string;
  /** Resolves when the first command changes the user's topic. */
  takenOver: Promise<void>;
  topics: string[];
  /** snapshotAll before any command ran. */
  before: Record<string, string | undefined>;
}

export function journalStage() {
  const t = perTest();

  /** Every topic a command may touch, for both apps, as the server answers it. */
  async function snapshotAll(topics: readonly string[]): Promise<Record<string, string | undefined>> {
    const all: Record<string, string | undefined> = {};
    for (const app of APPS) for (const topic of topics) all[`${app} ${topic}`] = await t.target!.configBytes(app, topic);
    return all;
  }

  async function setUp(hooks: (phase: { takenOver: boolean }) => ProxyHooks = () => ({})): Promise<Stage> {
    const json = await referenceProfileJson();
    t.target = await startWebhookTarget(json);
    await t.target.configure('primary', USER_TOPIC, { Url: USER_CALLBACK, Activo: true });
    const phase = { takenOver: false };
    let signalled: () => void = () => undefined;
    const takenOver = new Promise<void>((resolve) => (signalled = resolve));
    const own = hooks(phase);
    t.proxy = await startProxy(t.target.server.url, {
      ...own,
      request(req) {
        if (isTakeover(req) && !phase.takenOver) {
          phase.takenOver = true;
          signalled();
        }
        return own.request?.(req);
      },
    });
    const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-journal-'));
    // Beside the run's directory, not in it: every file under it is scanned for secrets.
    const profile = `${dir}-profile.json`;
    await writeFile(profile, JSON.stringify(json));
    const topics = Object.values(t.target.profile.topics);
    const before = await snapshotAll(topics);
    return { dir, profile, takenOver, topics, before, stateDir: path.join(dir, 'state') };
  }

  /** The CLI with the stage's state directory and a TMPDIR of `name`'s under the run directory. */
  const cli = (s: Stage, args: string[], env: Record<string, string> = {}, name = 'tmp', o: CliOptions = {}) =>
    spawnCli(args, { ...o, tmpDir: path.join(s.dir, name), env: { VMP_STATE_DIR: s.stateDir, ...env } });

  /** `run` through the proxy, its reports in `report` under the run directory; `args` added to its own. */
  const run = (s: Stage, report: string, o: { env?: Record<string, string>; args?: readonly string[]; detached?: boolean } = {}) =>
    cli(
      s,
      [
        ...['run', '--seed', '5', '--runs', '2', '--only', ONLY],
        ...['--base-url', t.proxy!.url, '--profile', s.profile, '--report-dir', path.join(s.dir, report), ...(o.args ?? [])],
      ],
      o.env,
      report,
      o.detached ? { detached: true } : {},
    );

  /** `simulate` of a few inquiries against `baseUrl` (default: through the proxy), its reports in `report`. */
  const simulate = (s: Stage, report: string, o: { env?: Record<string, string>; baseUrl?: string; args?: readonly string[] } = {}) =>
    cli(
      s,
      [
        ...['simulate', '--inquiries', '40', '--rate', '20', '--seed', '5'],
        ...['--base-url', o.baseUrl ?? t.proxy!.url, '--profile', s.profile, '--report-dir', path.join(s.dir, report), ...(o.args ?? [])],
      ],
      o.env,
      report,
    );

  /** `restore` through the proxy, as its message names it. */
  const restore = (s: Stage, name: string) => cli(s, ['restore', '--base-url', t.proxy!.url, '--profile', s.profile], {}, name);

  return { t, setUp, snapshotAll, cli, run, simulate, restore };
}

/** The journal files in a state directory's `journals`. */
export async function journalsIn(dir: string): Promise<string[]> {
  return existsSync(dir) ? (await readdir(dir)).filter((f) => f.endsWith('.json')) : [];
}

import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { exitCodeOf } from '../../cli/exit-codes.ts';
import { DEFAULT_TIMEOUT_MS } from '../../api/run.ts';
import { prepareTarget } from '../../sut/prepare.ts';
import { runAgainst } from '../../api/run-suites.ts';
import { openSuiteSession, type SuiteSession } from '../../api/suite-session.ts';
import { TargetClient } from '../../sut/client.ts';
import type { Profile } from '../../sut/profile.ts';
import { secretsOf } from '../../sut/secrets.ts';
import { GALLERY, onlyOf } from './gallery/index.ts';
import type { Mutant } from './fault.ts';
import { startMutantProxy } from './proxy.ts';
import { batchNextSchema, batchSpecSchema, type BatchOutcome, type BatchSpec } from './run-batch.ts';
import { freshReference, loadProfile, type CliRun } from './run-cli.ts';

// A child process that runs the suites against mutants of the gallery, one after another, through one suite
// session (api/suite-session.ts): what `vmp-conformance run --base-url … --only …` does per mutant, minus
// vitest's start-up each time. It asks its parent (run-batch.ts, over the IPC channel) for the next mutant
// each time it is done with one, until the queue is empty. Each outcome is appended to the output file as one
// JSON line, so a child that dies part-way still leaves the outcomes it reached.
//   node --import tsx test/mutants/batch.ts SPEC.json   (spawned with an IPC channel)

/** What a batch runs: a gallery and a fresh server (state never shared between runs) its faults sit in front of. */
interface GalleryModule {
  GALLERY: readonly Mutant[];
  /** The mutant is given too, for a gallery whose faults sit in front of different servers. */
  freshUpstream(profile: Profile, mutant: Mutant): Promise<{ url: string; close(): Promise<void> }>;
  /** The --only of a mutant's run; undefined runs every rule. Default: the reference gallery's (onlyOf). */
  onlyOf?(mutant: Mutant): string | undefined;
}

async function runMutant(session: SuiteSession, base: Profile, spec: BatchSpec, gallery: GalleryModule, mutant: Mutant): Promise<BatchOutcome> {
  const started = performance.now();
  const profile = mutant.profile?.(base) ?? base;
  const reference = await gallery.freshUpstream(profile, mutant);
  const proxy = await startMutantProxy({ upstream: reference.url, profile, fault: mutant.fault });
  const reportDir = await mkdtemp(path.join(tmpdir(), 'vmp-mutant-'));
  const lines: string[] = [];
  let code: number;
  let rules: CliRun['rules'] = [];
  try {
    const client = new TargetClient({ baseUrl: proxy.url, profile, timeoutMs: DEFAULT_TIMEOUT_MS, secrets: secretsOf(profile) });
    const outcome = await runAgainst({
      session,
      baseUrl: proxy.url,
      profile,
      fixtures: await prepareTarget(client),
      embedded: false,
      seed: spec.seed,
      numRuns: mutant.runs ?? spec.runs,
      timeoutMs: DEFAULT_TIMEOUT_MS,
      readOnly: false,
      reportDir,
      only: (gallery.onlyOf ?? onlyOf)(mutant),
      out: (line) => lines.push(line),
    });
    code = outcome.exitCode;
    rules = outcome.result.rules.map((r) => ({
      id: r.id,
      level: r.level,
      verdict: r.verdict,
      ...(r.message ? { message: r.message } : {}),
      ...(r.skipReason ? { skipReason: r.skipReason } : {}),
    }));
  } catch (error) {
    // The CLI's exit code for the same error (3: the target could not be explored), as `run` would exit.
    code = exitCodeOf(error) ?? 70;
    lines.push(`${(error as Error).name}: ${(error as Error).message}`);
  } finally {
    await proxy.close();
    await reference.close();
    await rm(reportDir, { recursive: true, force: true });
  }
  const run: CliRun = { code, wallMs: performance.now() - started, rules, tail: lines.slice(-12).join('\n') };
  return { name: mutant.name, run, faultErrors: [...proxy.faultErrors] };
}

/** The next mutant's name from the parent's queue; undefined once it is empty. */
function nextName(): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    if (!process.send) return reject(new Error('batch.ts is run by run-batch.ts, with an IPC channel'));
    process.once('message', (m) => resolve(batchNextSchema.parse(m).name));
    process.send({});
  });
}

async function main(specFile: string): Promise<void> {
  const spec = batchSpecSchema.parse(JSON.parse(await readFile(specFile, 'utf8')));
  const profile = await loadProfile(spec.profileFile);
  const gallery: GalleryModule = spec.gallery
    ? ((await import(pathToFileURL(spec.gallery).href)) as GalleryModule)
    : { GALLERY, freshUpstream: freshReference };
  const session = await openSuiteSession();
  try {
    for (let name = await nextName(); name !== undefined; name = await nextName()) {
      const mutant = gallery.GALLERY.find((m) => m.name === name);
      if (!mutant) throw new Error(`no mutant named ${name}`);
      await appendFile(spec.outFile, `${JSON.stringify(await runMutant(session, profile, spec, gallery, mutant))}\n`);
    }
  } finally {
    await session.close();
    if (process.connected) process.disconnect();
  }
}

await main(process.argv[2] ?? '');

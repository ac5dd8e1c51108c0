import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The parent side of batch.ts: `width` child processes (this machine has two cores) share one queue of the
// mutants, each asking for the next (over the IPC channel) when it has finished one, so none sits idle while
// another still has a long share; it waits for them and reads back one outcome per mutant. A mutant no child
// finished (its child died or was killed for taking too long, or every child had) gets an outcome with exit
// code null, which counts as a survivor.

const BATCH = fileURLToPath(new URL('./batch.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/** What a child is given: the mutants come one at a time, each asked for over the IPC channel (BatchNext). */
export const batchSpecSchema = z.object({
  profileFile: z.string(),
  seed: z.number().int(),
  runs: z.number().int().positive(),
  outFile: z.string(),
  /**
   * A module exporting another gallery (`GALLERY: Mutant[]`) and the server its faults sit in front of
   * (`freshUpstream(profile, mutant)`); the reference gallery and a fresh reference server when absent.
   */
  gallery: z.string().optional(),
});
export type BatchSpec = z.infer<typeof batchSpecSchema>;

/** The parent's answer to a child's request for work: the next mutant's name, or none when the queue is empty. */
export const batchNextSchema = z.object({ name: z.string().optional() });
export type BatchNext = z.infer<typeof batchNextSchema>;

const outcomeSchema = z.object({
  name: z.string(),
  run: z.object({
    code: z.number().nullable(),
    wallMs: z.number(),
    rules: z.array(z.object({ id: z.string(), level: z.string(), verdict: z.string(), message: z.string().optional(), skipReason: z.string().optional() })),
    tail: z.string(),
  }),
  faultErrors: z.array(z.string()),
});
export type BatchOutcome = z.infer<typeof outcomeSchema>;

export interface BatchOptions {
  names: readonly string[];
  profileFile: string;
  seed: number;
  runs: number;
  width: number;
  /** A child still running after this long is killed; the mutants it had not finished survive. */
  killAfterMs: number;
  /** See BatchSpec.gallery. */
  gallery?: string;
}

/** Runs one child, handing it the queue's next name each time it asks; the names it took, in order. */
function runChild(specFile: string, queue: string[], taken: string[], killAfterMs: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', BATCH, specFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    let output = '';
    child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', (e) => (output += `\n${e.message}`));
    child.on('message', () => {
      const name = queue.shift();
      if (name !== undefined) taken.push(name);
      const next: BatchNext = name !== undefined ? { name } : {};
      if (child.connected) child.send(next);
    });
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve(`${taken.length} mutants taken, exit ${code ?? signal}\n${output.split('\n').slice(-20).join('\n')}`);
    });
  });
}

/** Every mutant's outcome, in the order of `names`. */
export async function runBatch(o: BatchOptions): Promise<BatchOutcome[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-batch-'));
  try {
    const queue = [...o.names];
    const width = Math.min(o.width, o.names.length);
    const taken = Array.from({ length: width }, (): string[] => []);
    const ends = await Promise.all(
      taken.map(async (names, i) => {
        const spec: BatchSpec = {
          profileFile: o.profileFile,
          seed: o.seed,
          runs: o.runs,
          outFile: path.join(dir, `out-${i}.jsonl`),
          ...(o.gallery ? { gallery: o.gallery } : {}),
        };
        const specFile = path.join(dir, `spec-${i}.json`);
        await writeFile(specFile, JSON.stringify(spec));
        return runChild(specFile, queue, names, o.killAfterMs);
      }),
    );
    const found = new Map<string, BatchOutcome>();
    for (let i = 0; i < width; i++) {
      const text = await readFile(path.join(dir, `out-${i}.jsonl`), 'utf8').catch(() => '');
      for (const line of text.split('\n').filter(Boolean)) {
        const outcome = outcomeSchema.parse(JSON.parse(line));
        found.set(outcome.name, outcome);
      }
    }
    return o.names.map((name) => {
      const holder = taken.findIndex((t) => t.includes(name));
      const why = holder === -1 ? 'no child took it (every child had ended)' : `its child: ${ends[holder]!}`;
      return found.get(name) ?? { name, run: { code: null, wallMs: 0, rules: [], tail: `never finished; ${why}` }, faultErrors: [] };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

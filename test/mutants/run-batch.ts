import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

// The parent side of batch.ts: splits the mutants among `width` child processes (this machine has two
// cores), waits for them, and reads back one outcome per mutant. A mutant a child never reached (it died or
// was killed for taking too long) gets an outcome with exit code null, which counts as a survivor.

const BATCH = fileURLToPath(new URL('./batch.ts', import.meta.url));
const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export const batchSpecSchema = z.object({
  names: z.array(z.string()),
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

function runChild(spec: BatchSpec, specFile: string, killAfterMs: number): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', BATCH, specFile], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const killer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.on('close', (code, signal) => {
      clearTimeout(killer);
      resolve(`${spec.names.length} mutants, exit ${code ?? signal}\n${output.split('\n').slice(-20).join('\n')}`);
    });
  });
}

/** Every mutant's outcome, in the order of `names`. */
export async function runBatch(o: BatchOptions): Promise<BatchOutcome[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'vmp-batch-'));
  try {
    // Dealt round-robin: the gallery's families differ in cost, so each child gets some of every family.
    const shares = Array.from({ length: o.width }, (_, i) => o.names.filter((_, j) => j % o.width === i)).filter((s) => s.length > 0);
    const ends = await Promise.all(
      shares.map(async (names, i) => {
        const spec: BatchSpec = {
          names,
          profileFile: o.profileFile,
          seed: o.seed,
          runs: o.runs,
          outFile: path.join(dir, `out-${i}.jsonl`),
          ...(o.gallery ? { gallery: o.gallery } : {}),
        };
        const specFile = path.join(dir, `spec-${i}.json`);
        await writeFile(specFile, JSON.stringify(spec));
        return runChild(spec, specFile, o.killAfterMs);
      }),
    );
    const found = new Map<string, BatchOutcome>();
    for (let i = 0; i < shares.length; i++) {
      const text = await readFile(path.join(dir, `out-${i}.jsonl`), 'utf8').catch(() => '');
      for (const line of text.split('\n').filter(Boolean)) {
        const outcome = outcomeSchema.parse(JSON.parse(line));
        found.set(outcome.name, outcome);
      }
    }
    return o.names.map((name) => {
      const end = ends[shares.findIndex((s) => s.includes(name))]!;
      return found.get(name) ?? { name, run: { code: null, wallMs: 0, rules: [], tail: `never finished; its child: ${end}` }, faultErrors: [] };
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

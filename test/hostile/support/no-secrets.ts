import { lstat, open, readdir } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'vitest';
import type { ChildRun } from './cli-child.ts';
import { encodedForms } from './secret-scan.ts';

// Issue 13, Acceptance: "a grep for each test secret over every file a run writes, in every hostile test, finds
// nothing". The one scan every hostile test calls (test/hostile/every-test-scans.test.ts makes sure): every file
// under the directories a run wrote (reports, temporary directories), the files it wrote elsewhere (--out, a
// baseline, a capture file), and what it printed or returned. Files are read in chunks, so a capture file of
// hundreds of megabytes is scanned without holding it.

export interface Written {
  /** Directories a run wrote into, each file under them scanned (symbolic links not followed); missing: skipped. */
  dirs?: readonly string[];
  /** Files it wrote outside those; each must exist. */
  files?: readonly string[];
  /** What it printed or returned, by a name for the failure message ("stderr", "curl line"). */
  texts?: Readonly<Record<string, string>>;
  /** CLI children (support/cli-child.ts): what each printed, and its private TMPDIR when it had one. */
  runs?: readonly ChildRun[];
}

/** A secret in one of its forms, as the bytes a UTF-8 file would hold. */
interface Needle {
  label: string;
  bytes: Buffer;
}

/** Below this a "secret" cannot be told from ordinary text (sut/secrets.ts, MIN_PART_LENGTH). */
const SHORTEST = 4;
const CHUNK = 1024 * 1024;

function needlesFor(secrets: readonly string[]): Needle[] {
  return secrets.flatMap((secret, i) =>
    encodedForms(secret).map((form) => ({ label: `secret #${i} as ${JSON.stringify(form)}`, bytes: Buffer.from(form, 'utf8') })),
  );
}

function found(bytes: Buffer, needles: readonly Needle[], into: Set<string>): void {
  for (const n of needles) if (!into.has(n.label) && bytes.includes(n.bytes)) into.add(n.label);
}

/** The labels of the needles in a file, read a chunk at a time; each chunk starts with the last bytes of the one before. */
async function foundInFile(file: string, needles: readonly Needle[]): Promise<Set<string>> {
  const overlap = Math.max(...needles.map((n) => n.bytes.length)) - 1;
  const buffer = Buffer.alloc(CHUNK + overlap);
  const labels = new Set<string>();
  const handle = await open(file);
  try {
    let carried = 0;
    for (;;) {
      const { bytesRead } = await handle.read(buffer, carried, CHUNK);
      if (bytesRead === 0) break;
      const end = carried + bytesRead;
      found(buffer.subarray(0, end), needles, labels);
      carried = Math.min(overlap, end);
      buffer.copy(buffer, 0, end - carried, end);
    }
  } finally {
    await handle.close();
  }
  return labels;
}

/** Every regular file under dir, symbolic links left alone (a child's TMPDIR links to the shared tsx cache). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  const nested = await Promise.all(
    entries.map(async (e) => {
      const file = path.join(dir, e.name);
      if (e.isDirectory()) return filesUnder(file);
      return e.isFile() ? [file] : [];
    }),
  );
  return nested.flat();
}

/**
 * Fails, naming each file and form found, when any test secret is in anything the run wrote or printed — and
 * when there was nothing at all to scan (a scan of nothing cannot fail). Returns the names scanned.
 */
export async function expectNoSecrets(written: Written, secrets: readonly string[]): Promise<string[]> {
  expect(secrets.length, 'secrets to look for').toBeGreaterThan(0);
  for (const s of secrets) expect(s.length, `secret ${JSON.stringify(s)} is too short to look for`).toBeGreaterThanOrEqual(SHORTEST);
  const needles = needlesFor(secrets);
  const runs = written.runs ?? [];
  const dirs = [...(written.dirs ?? []), ...runs.flatMap((r) => (r.tmpDir ? [r.tmpDir] : []))];
  const files = [...(await Promise.all(dirs.map(filesUnder))).flat(), ...(written.files ?? [])];
  for (const f of written.files ?? []) expect((await lstat(f)).isFile(), `${f} is a file`).toBe(true);
  const texts: [string, string][] = [
    ...Object.entries(written.texts ?? {}),
    ...runs.flatMap((r, i): [string, string][] => [
      [`(stdout of run #${i})`, r.stdout],
      [`(stderr of run #${i})`, r.stderr],
    ]),
  ];
  const leaks: string[] = [];
  for (const file of files) for (const label of await foundInFile(file, needles)) leaks.push(`${file}: ${label}`);
  for (const [name, text] of texts) {
    const labels = new Set<string>();
    found(Buffer.from(text, 'utf8'), needles, labels);
    for (const label of labels) leaks.push(`${name}: ${label}`);
  }
  const scanned = [...files, ...texts.map(([name]) => name)];
  expect(scanned.length, 'files or output to scan for secrets').toBeGreaterThan(0);
  expect(leaks, `test secrets found:\n${leaks.join('\n')}\n`).toEqual([]);
  return scanned;
}

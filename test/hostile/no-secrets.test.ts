import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoSecrets } from './support/no-secrets.ts';
import { TEST_SECRETS } from './support/secret-target.ts';

// The scan every hostile test relies on must itself be able to fail (Principle 3): a secret in any of its forms,
// anywhere in a file — across the boundary of the chunks it reads, in a nested directory — or in printed text is
// found and named; a scan of nothing fails too.

const SECRET = TEST_SECRETS[0]!;
let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-no-secrets-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('expectNoSecrets', () => {
  it('passes on clean files and text, and says what it scanned', async () => {
    const clean = path.join(dir, 'clean');
    await mkdir(clean);
    await writeFile(path.join(clean, 'results.json'), '{"Authorization":"<redacted>"}');
    expect(await expectNoSecrets({ dirs: [clean, path.join(dir, 'never-written')], texts: { stdout: 'ok' } }, [SECRET])).toEqual([
      path.join(clean, 'results.json'),
      'stdout',
    ]);
  });

  it('finds a percent-encoded secret that straddles two chunks of a nested file', async () => {
    const nested = path.join(dir, 'leaky', 'deep');
    await mkdir(nested, { recursive: true });
    const form = encodeURIComponent(SECRET);
    await writeFile(path.join(nested, 'big.jsonl'), Buffer.concat([Buffer.alloc(1024 * 1024 - 5, 0x78), Buffer.from(form)]));
    await expect(expectNoSecrets({ dirs: [path.join(dir, 'leaky')] }, [SECRET])).rejects.toThrow(/big\.jsonl: secret #0 as "t'k%22n/);
  });

  it('finds a JSON-escaped secret in printed text, and does not follow symbolic links', async () => {
    const linked = path.join(dir, 'linked');
    await mkdir(linked);
    await symlink(path.join(dir, 'leaky'), path.join(linked, 'elsewhere'));
    await expect(expectNoSecrets({ dirs: [linked], texts: { stderr: JSON.stringify({ echo: SECRET }) } }, [SECRET])).rejects.toThrow(/stderr: secret #0 as /);
    await expect(expectNoSecrets({ dirs: [linked], texts: { stderr: 'clean' } }, [SECRET])).resolves.toEqual(['stderr']);
  });

  it('fails when there is nothing to scan, or no secret to look for', async () => {
    await expect(expectNoSecrets({ dirs: [path.join(dir, 'never-written')] }, [SECRET])).rejects.toThrow(/files or output to scan/);
    await expect(expectNoSecrets({ texts: { stdout: 'x' } }, [])).rejects.toThrow(/secrets to look for/);
    await expect(expectNoSecrets({ texts: { stdout: 'x' } }, ['p'])).rejects.toThrow(/too short/);
  });
});

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { profileJsonSchema } from '../../sut/profile-load.ts';

// sut/profile.schema.json is committed so editors can validate profiles (profiles/*.json name it in
// $schema). It is generated from the Zod profile schema; this test keeps the two from drifting apart.

const FILE = new URL('../../sut/profile.schema.json', import.meta.url);
const REGENERATE = 'npm run schema';

describe('sut/profile.schema.json', () => {
  it('is the generated JSON Schema of the profile', async () => {
    const committed = await readFile(FILE, 'utf8').catch(() => '(missing)');
    const generated = `${JSON.stringify(profileJsonSchema(), null, 2)}\n`;
    expect(committed, `sut/profile.schema.json is stale; regenerate it from the repository root with: ${REGENERATE}\n`).toBe(generated);
  });

  it('is the schema profiles/reference.json names', async () => {
    const reference = JSON.parse(await readFile(new URL('../../profiles/reference.json', import.meta.url), 'utf8')) as { $schema?: string };
    expect(reference.$schema).toBe('../sut/profile.schema.json');
  });
});

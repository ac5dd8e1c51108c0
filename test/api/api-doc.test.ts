import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { apiReference, BEGIN, END, withReference } from '../../scripts/api-reference.ts';

// docs/api.md's reference is generated from the types of api/index.ts (scripts/api-reference.ts): every export,
// every option of every function with its type and doc comment. The committed file must be what the generator
// writes today, so the page cannot drift from the types (issue 29 §5).

const REGENERATE = 'npm run api-doc';

describe('docs/api.md', () => {
  it('holds the reference generated from the current types', async () => {
    const committed = await readFile(new URL('../../docs/api.md', import.meta.url), 'utf8');
    const reference = apiReference();
    expect(committed, `docs/api.md is stale; regenerate it from the repository root with: ${REGENERATE}\n`).toBe(withReference(committed, reference));
    // What the issue found missing: load's durationSec, Threshold objects for mergeLoadFiles, Buffer bodies of signatures.
    expect(reference).toContain('| `durationSec?` | `number` |');
    expect(reference).toContain('mergeLoadFiles(files: readonly string[], thresholds?: readonly (string | Threshold)[]');
    expect(reference).toMatch(/#### `Threshold`\n/);
    expect(reference).toMatch(/verifyWebhookSignature\(config: [^)]*body: Buffer/);
    expect(reference.startsWith(BEGIN) && reference.endsWith(END)).toBe(true);
  }, 60_000);
});

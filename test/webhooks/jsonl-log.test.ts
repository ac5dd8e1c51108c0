import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JsonlLog, JsonlLogError } from '../../webhooks/jsonl-log.ts';

describe('JsonlLog (group commit)', () => {
  it('groups concurrent appends into few writes, in order, each resolved only once on disk', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'vmp-log-')), 'log.jsonl');
    const log = await JsonlLog.open(path);
    const seenOnResolve: number[] = [];
    await Promise.all(
      Array.from({ length: 1000 }, (_, i) =>
        log.append(JSON.stringify({ i })).then(async () => {
          // At resolve time the line must already be in the file.
          if (i % 100 === 0) seenOnResolve.push((await readFile(path, 'utf8')).includes(`{"i":${i}}\n`) ? i : -1);
        }),
      ),
    );
    expect(seenOnResolve.every((i) => i >= 0)).toBe(true);
    expect(log.batches).toBeLessThan(20);
    await log.close();
    const lines = (await readFile(path, 'utf8')).trimEnd().split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { i: number }).i)).toEqual(Array.from({ length: 1000 }, (_, i) => i));
  });

  it('appends to an existing file and refuses appends after close', async () => {
    const path = join(await mkdtemp(join(tmpdir(), 'vmp-log-')), 'log.jsonl');
    for (const n of [1, 2]) {
      const log = await JsonlLog.open(path, 'write');
      await log.append(`{"n":${n}}`);
      await log.close();
      await expect(log.append('{}')).rejects.toBeInstanceOf(JsonlLogError);
    }
    expect(await readFile(path, 'utf8')).toBe('{"n":1}\n{"n":2}\n');
  });
});

describe('readDeliveries', () => {
  it('streams a capture file, skipping only a torn final line', async () => {
    const { writeFile } = await import('node:fs/promises');
    const { readDeliveries } = await import('../../webhooks/delivery.ts');
    const dir = await mkdtemp(join(tmpdir(), 'vmp-read-'));
    const torn = join(dir, 'torn.jsonl');
    await writeFile(torn, '{"seq":1}\n{"seq":2}\n{"seq":3,"js');
    const seqs: number[] = [];
    for await (const d of readDeliveries(torn)) seqs.push(d.seq);
    expect(seqs).toEqual([1, 2]);
    const corrupt = join(dir, 'corrupt.jsonl');
    await writeFile(corrupt, '{"seq":1}\nnot json\n{"seq":3}\n');
    await expect(async () => {
      for await (const _ of readDeliveries(corrupt)) void _;
    }).rejects.toThrow(/line 2 is not JSON/);
  });
});

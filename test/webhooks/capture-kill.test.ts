import { spawn } from 'node:child_process';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { Agent, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { readDeliveries } from '../../webhooks/delivery.ts';

// The capture server's promise: a delivery answered 2xx is in the JSONL file, even if the process is killed
// with SIGKILL right after (no exit handlers, no flush). Deliveries in flight at the kill may be lost — they were
// never acknowledged, so a real target would retry them.

const fixture = fileURLToPath(new URL('./fixtures/capture-child.ts', import.meta.url));

describe('capture server under kill -9', () => {
  it('loses no delivery it acknowledged', async () => {
    const out = join(await mkdtemp(join(tmpdir(), 'vmp-kill-')), 'captures.jsonl');
    const child = spawn(process.execPath, ['--import', 'tsx', fixture, out], { stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.once('exit', (_code, signal) => resolve(signal)));
    const first = await new Promise<string>((resolve) => createInterface({ input: child.stdout! }).once('line', resolve));
    const { url } = JSON.parse(first) as { url: string };

    const total = 3000;
    const killAfter = 600;
    const acked = new Set<number>();
    const agent = new Agent({ connections: 64 });
    let killed = false;
    let next = 0;
    const worker = async () => {
      while (next < total && !killed) {
        const i = next++;
        try {
          const res = await request(`${url}/primary`, {
            method: 'POST',
            dispatcher: agent,
            body: JSON.stringify({ Topic: 'consultas', id: i, pad: 'x'.repeat(i % 500) }),
            headers: { 'content-type': 'application/json' },
          });
          await res.body.text();
          if (res.statusCode >= 200 && res.statusCode < 300) acked.add(i);
        } catch {
          // Connection reset by the kill: not acknowledged.
        }
        if (acked.size >= killAfter && !killed) {
          killed = true;
          child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(Array.from({ length: 64 }, worker));
    expect(await exited).toBe('SIGKILL');
    await agent.close();

    const ids = new Set<number>();
    for await (const d of readDeliveries(out)) ids.add((d.json as { id: number }).id);
    const lost = [...acked].filter((i) => !ids.has(i));
    expect(lost).toEqual([]);
    expect(acked.size).toBeGreaterThanOrEqual(killAfter);
    // The kill really was mid-stream.
    expect(acked.size).toBeLessThan(total);
  }, 30_000);
});

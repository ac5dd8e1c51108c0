import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { main } from '../../cli/main.ts';

// `vmp-conformance serve`: prints the base URL, the credentials and the hooks path; stops cleanly on a signal.
const BIN = fileURLToPath(new URL('../../bin/vmp-conformance.js', import.meta.url));

async function runUsage(args: string[]): Promise<{ code: number; err: string[] }> {
  const err: string[] = [];
  const code = await main(
    ['serve', ...args],
    () => undefined,
    (l) => err.push(l),
  );
  return { code, err };
}

describe('vmp-conformance serve', () => {
  it('refuses bad flags with exit 2, naming the flag', async () => {
    for (const [args, flag] of [
      [['--port', 'abc'], '--port'],
      [['--port', '70000'], '--port'],
      [['--today', '2025-02-30'], '--today'],
      [['--seed', '1.5'], '--seed'],
      [['--profile', '/nonexistent.json'], '--profile'],
    ] as const) {
      const { code, err } = await runUsage([...args]);
      expect(code, args.join(' ')).toBe(2);
      expect(err.join('\n')).toContain(flag);
    }
    expect((await runUsage(['--bogus'])).code).toBe(2);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it.concurrent(`serves until ${signal}, then shuts down with exit 0`, async () => {
      const child = spawn(process.execPath, [BIN, 'serve', '--port', '0', '--today', '2025-06-15', '--seed', '7'], { stdio: ['ignore', 'pipe', 'pipe'] });
      let out = '';
      child.stdout.on('data', (d: Buffer) => (out += d.toString()));
      const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
      try {
        await new Promise<void>((resolve, reject) => {
          const timer = setTimeout(() => reject(new Error(`no banner: ${out}`)), 20_000);
          child.stdout.on('data', () => {
            if (out.includes('Ctrl+C')) {
              clearTimeout(timer);
              resolve();
            }
          });
        });
        const base = /base URL: (http:\/\/127\.0\.0\.1:\d+)/.exec(out)![1]!;
        expect(out).toContain('Authorization: Bearer vmp-primary-7f3a2c');
        expect(out).toContain('Authorization: Bearer vmp-empty-44d0e1');
        expect(out).toContain(`hooks:    ${base}/_sim`);
        const res = await request(`${base}/v3/agencias`, { headers: { Authorization: 'Bearer vmp-primary-7f3a2c', Connection: 'close' } });
        expect(res.statusCode).toBe(200);
        await res.body.dump();
        child.kill(signal);
        expect(await exited).toBe(0);
        expect(out).toContain(`stopped (${signal})`);
      } finally {
        child.kill('SIGKILL');
      }
    });
  }
});

import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { captureFlags } from '../../cli/capture-flags.ts';
import { main } from '../../cli/main.ts';
import { unreachableBecause } from '../../sut/capture-reach.ts';
import { cli, E2E_TIMEOUT, tempDir } from './run-support.ts';

// --capture-listen and --callback-url: how a target on another machine reaches the capture server of `run`
// and `simulate` (a tunnel, a public address), validated before anything starts.

const listenOn = (port: number): Promise<Server> =>
  new Promise((resolve) => {
    const s = createServer();
    s.listen(port, '127.0.0.1', () => resolve(s));
  });

async function freePort(): Promise<number> {
  const s = await listenOn(0);
  const { port } = s.address() as { port: number };
  await new Promise((resolve) => s.close(resolve));
  return port;
}

describe('captureFlags', () => {
  it('defaults to 127.0.0.1 and a free port, with no callback URL', () => {
    expect(captureFlags({})).toEqual({ host: '127.0.0.1', port: 0 });
  });

  it('reads [HOST:]PORT, IPv6 in brackets, and a callback URL without its trailing slash', () => {
    expect(captureFlags({ 'capture-listen': '8787' })).toEqual({ host: '127.0.0.1', port: 8787 });
    expect(captureFlags({ 'capture-listen': '0.0.0.0:8787' })).toEqual({ host: '0.0.0.0', port: 8787 });
    expect(captureFlags({ 'capture-listen': '[::]:8787' })).toEqual({ host: '::', port: 8787 });
    expect(captureFlags({ 'capture-listen': '0.0.0.0:8787', 'callback-url': 'https://hooks.example.test/t/' })).toEqual({
      host: '0.0.0.0',
      port: 8787,
      publicUrl: 'https://hooks.example.test/t',
    });
  });

  it.each([
    [{ 'capture-listen': '70000' }, /--capture-listen must be \[HOST:\]PORT/],
    [{ 'capture-listen': 'host:' }, /--capture-listen must be/],
    [{ 'callback-url': 'ftp://x', 'capture-listen': '8787' }, /--callback-url must be an absolute http\(s\) URL/],
    [{ 'callback-url': 'https://hooks.example.test' }, /--callback-url needs --capture-listen/],
  ])('refuses %j naming the flag', (flags, message) => {
    expect(() => captureFlags(flags)).toThrow(message);
  });
});

describe('unreachableBecause', () => {
  it('lets a target on this machine, or any target given a callback URL, deliver', () => {
    expect(unreachableBecause('http://127.0.0.1:8080', { host: '127.0.0.1', port: 0 })).toBeUndefined();
    expect(unreachableBecause('http://localhost:8080', { host: '127.0.0.1', port: 0 })).toBeUndefined();
    expect(unreachableBecause('https://staging.example.test', { host: '0.0.0.0', port: 8787, publicUrl: 'https://t.example.test' })).toBeUndefined();
  });

  it('says how to make a target elsewhere reach the capture server', () => {
    expect(unreachableBecause('https://staging.example.test', { host: '127.0.0.1', port: 0 })).toMatch(
      /^staging\.example\.test is not on this machine.*--callback-url.*--capture-listen/,
    );
  });
});

describe('run with a callback URL', () => {
  it(
    'gives the target the callback URL (its path kept, as a tunnel would) and sees the deliveries',
    async () => {
      const port = await freePort();
      const dir = await tempDir('callback');
      const r = await cli([
        'run',
        '--only',
        'events/*',
        '--capture-listen',
        `127.0.0.1:${port}`,
        '--callback-url',
        `http://127.0.0.1:${port}/tunnel`,
        '--report-dir',
        dir,
      ]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      const results = JSON.parse(await readFile(path.join(dir, 'results.json'), 'utf8')) as { rules: { id: string; verdict: string }[] };
      // Every events/ rule passes but the signature one, which the reference profile's null scheme skips.
      const events = results.rules.filter((x) => x.id.startsWith('events/'));
      expect(events.filter((x) => x.id !== 'events/webhook-signature-valid').map((x) => x.verdict)).toEqual(Array(events.length - 1).fill('pass'));
      expect(JSON.stringify(results)).toContain(`http://127.0.0.1:${port}/tunnel/`);
    },
    E2E_TIMEOUT,
  );

  it('refuses a --capture-listen port in use with exit 2, before anything starts', async () => {
    const busy = await listenOn(0);
    const { port } = busy.address() as { port: number };
    const err: string[] = [];
    try {
      const code = await main(
        ['run', '--capture-listen', `127.0.0.1:${port}`],
        () => undefined,
        (l) => err.push(l),
      );
      expect(code).toBe(2);
      expect(err.join('\n')).toMatch(new RegExp(`--capture-listen 127\\.0\\.0\\.1:${port}: cannot listen there \\(EADDRINUSE\\)`));
    } finally {
      await new Promise((resolve) => busy.close(resolve));
    }
  });
});

describe('simulate with a callback URL', () => {
  it(
    'points the inquiry topic at the callback URL and attributes the deliveries under its path',
    async () => {
      const port = await freePort();
      const dir = await tempDir('sim-callback');
      const r = await cli([
        'simulate',
        '--inquiries',
        '20',
        '--resend',
        '5',
        '--capture-listen',
        `127.0.0.1:${port}`,
        '--callback-url',
        `http://127.0.0.1:${port}/tunnel`,
        '--report-dir',
        dir,
      ]);
      expect(r.code, r.stdout + r.stderr).toBe(0);
      expect(r.stdout).toContain(`called back at http://127.0.0.1:${port}/tunnel`);
      expect(r.stdout).toMatch(/20\/20 injected inquiries delivered; lost 0, duplicated 0, late 0, misrouted 0/);
    },
    E2E_TIMEOUT,
  );
});

import { spawn } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { UsageError } from '../../support/errors.ts';
import { main } from '../../cli/main.ts';
import { captureCommand, formatDelivery, parseCaptureArgs } from '../../cli/capture-command.ts';
import type { Delivery } from '../../webhooks/capture-server.ts';
import { deliveryInfo } from '../../webhooks/delivery-info.ts';

const usageMessage = (argv: string[]) => {
  try {
    parseCaptureArgs(argv);
  } catch (e) {
    expect(e).toBeInstanceOf(UsageError);
    return (e as UsageError).message;
  }
  return undefined;
};

describe('capture command: arguments', () => {
  it('has defaults', () => {
    expect(parseCaptureArgs([])).toEqual({
      port: 0,
      host: '127.0.0.1',
      out: 'captures.jsonl',
      failRate: 0,
      delayMs: 0,
      status: undefined,
      profile: undefined,
      bodyLimitBytes: 1048576,
      seed: 1,
    });
    expect(parseCaptureArgs(['--port', '8080', '--fail-rate', '0.25', '--delay-ms', '100', '--status', '429'])).toMatchObject({
      port: 8080,
      failRate: 0.25,
      delayMs: 100,
      status: 429,
    });
  });

  it('names the flag of every bad value', () => {
    expect(usageMessage(['--fail-rate', '1.5'])).toBe("--fail-rate must be a number from 0 to 1, got '1.5'");
    expect(usageMessage(['--fail-rate', 'abc'])).toMatch(/^--fail-rate must be a number from 0 to 1/);
    expect(usageMessage(['--port=-1'])).toMatch(/^--port must be an integer from 0 to 65535/);
    expect(usageMessage(['--port', ''])).toMatch(/^--port/);
    expect(usageMessage(['--delay-ms', '1.5'])).toMatch(/^--delay-ms must be an integer/);
    expect(usageMessage(['--status', '500'])).toBe("--status must be 410 or 429, got '500'");
    expect(usageMessage(['--body-limit', '0'])).toMatch(/^--body-limit/);
    expect(usageMessage(['extra'])).toMatch(/unexpected argument 'extra'/);
  });

  it('exits 2 through main() on a bad flag, an unknown flag or a bad profile', async () => {
    const errors: string[] = [];
    expect(
      await main(
        ['capture', '--fail-rate', '2'],
        () => {},
        (l) => errors.push(l),
      ),
    ).toBe(2);
    expect(
      await main(
        ['capture', '--nope'],
        () => {},
        (l) => errors.push(l),
      ),
    ).toBe(2);
    const dir = await mkdtemp(join(tmpdir(), 'vmp-cmd-'));
    await writeFile(join(dir, 'bad.json'), '{"apps": {}}');
    expect(
      await main(
        ['capture', '--profile', join(dir, 'bad.json')],
        () => {},
        (l) => errors.push(l),
      ),
    ).toBe(2);
    expect(errors[0]).toBe("vmp-conformance: --fail-rate must be a number from 0 to 1, got '2'");
    expect(errors[1]).toMatch(/--nope/);
    expect(errors[2]).toMatch(/--profile .*bad\.json: profile field/);
  });
});

describe('capture command: delivery lines', () => {
  const delivery = (json: unknown, extra: Partial<Delivery> = {}): Delivery => ({
    seq: 3,
    receivedAt: new Date().toISOString(),
    method: 'POST',
    path: '/primary',
    headers: {},
    rawBodyBase64: Buffer.from(JSON.stringify(json)).toString('base64'),
    json,
    signature: 'not-configured',
    status: 200,
    ...extra,
  });

  it('shows topic, app, inquiry sid and latency when the payload has them', () => {
    const json = {
      Topic: 'consultas',
      Consulta: { Momento: '2026-11-22T10:15:00-03:00', _links: { self: { href: '/v3/consultas/a%40b.test/C0NSULTA0000000000000001' } } },
    };
    expect(formatDelivery(delivery(json, { latencyMs: 41.6 }), '/Consulta')).toBe(
      '#3 200 app=primary /primary topic=consultas sid=C0NSULTA0000000000000001 latency=42ms',
    );
    expect(formatDelivery(delivery(null, { rawBodyBase64: 'AAE=', signature: 'invalid', signatureDetail: 'bad', status: 500, path: '/other' }))).toBe(
      '#3 500 app=other /other non-JSON body (2 bytes) signature=invalid (bad)',
    );
    expect(deliveryInfo('/', { Sid: 'S1' }).sid).toBe('S1');
  });
});

describe('capture command: running', () => {
  it('logs deliveries, writes the file and stops on abort', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmp-cmd-'));
    const out = join(dir, 'c.jsonl');
    const lines: string[] = [];
    const controller = new AbortController();
    const listening = new Promise<string>((resolve) => {
      const log = (l: string) => {
        lines.push(l);
        const m = /listening on (\S+)/.exec(l);
        if (m) resolve(m[1]!);
      };
      void captureCommand(['--out', out, '--fail-rate', '0'], log, { signal: controller.signal }).then((code) => lines.push(`exit ${code}`));
    });
    const url = await listening;
    const res = await request(`${url}/primary`, { method: 'POST', body: JSON.stringify({ Topic: 'consultas', Sid: 'ABCDEFGHIJKLMNOPQRST' }) });
    await res.body.text();
    expect(res.statusCode).toBe(200);
    controller.abort();
    await expect.poll(() => lines.at(-1)).toBe('exit 0');
    expect(lines.some((l) => l.startsWith('#1 200 app=primary /primary topic=consultas sid=ABCDEFGHIJKLMNOPQRST'))).toBe(true);
    expect(lines.at(-2)).toMatch(/stopped \(abort\); 1 deliveries recorded/);
    expect((await readFile(out, 'utf8')).trim().split('\n')).toHaveLength(1);
  });

  it('runs from the CLI until SIGINT and exits 0', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'vmp-cmd-'));
    const bin = fileURLToPath(new URL('../../bin/vmp-conformance.js', import.meta.url));
    const child = spawn(process.execPath, [bin, 'capture', '--port', '0', '--out', join(dir, 'c.jsonl'), '--status', '410'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines: string[] = [];
    const rl = createInterface({ input: child.stdout! });
    const url = await new Promise<string>((resolve) =>
      rl.on('line', (l) => {
        lines.push(l);
        const m = /listening on (\S+)/.exec(l);
        if (m) resolve(m[1]!);
      }),
    );
    const res = await request(`${url}/other`, { method: 'POST', body: '{}' });
    await res.body.text();
    expect(res.statusCode).toBe(410);
    await expect.poll(() => lines.some((l) => l.startsWith('#1 410 app=other'))).toBe(true);
    child.kill('SIGINT');
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(0);
    expect(lines.join('\n')).toMatch(/fault injection: always 410/);
    expect(lines.at(-1)).toMatch(/stopped \(SIGINT\); 1 deliveries recorded/);
  }, 20_000);
});

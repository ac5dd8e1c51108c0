import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { arrivals } from '../../generators/arrivals.ts';
import { createInquiryGenerator } from '../../generators/inquiry.ts';
import { inquiryStream, simulatedInquiries } from '../../generators/inquiry-stream.ts';
import { consultaInput, parseOffsetDateTime } from '../../models/index.ts';

const START = Date.UTC(2026, 10, 22, 12, 0);

describe('inquiry stream', () => {
  it('pairs each arrival with an inquiry whose Momento is the start plus the offset', () => {
    const items = [...simulatedInquiries({ seed: 4, arrival: { kind: 'constant', ratePerSec: 2 }, count: 5, startEpochMs: START })];
    expect(items.map((i) => i.at)).toEqual([0, 500, 1000, 1500, 2000]);
    expect(items.map((i) => i.index)).toEqual([0, 1, 2, 3, 4]);
    for (const item of items) {
      expect(item.momentMs).toBe(START + item.at);
      expect(parseOffsetDateTime(item.consulta.Momento)?.epochMs).toBe(Math.floor(item.momentMs / 1000) * 1000);
      expect(consultaInput('strict').safeParse(item.consulta).success).toBe(true);
    }
  });

  it('is deterministic from the seed, sync and async alike', async () => {
    const make = () =>
      simulatedInquiries({ seed: 8, arrival: { kind: 'poisson', ratePerSec: 10 }, count: 600, startEpochMs: START, inquiry: { utcOffsetMinutes: 0 } });
    const sync = [...make()];
    const async: typeof sync = [];
    for await (const item of make()) async.push(item);
    expect(async).toEqual(sync);
    expect(sync).toHaveLength(600);
  });

  it('composes any arrivals with any generator', () => {
    const stream = inquiryStream({
      arrivals: arrivals({ kind: 'burst', ratePerSec: 100, onMs: 100, offMs: 900 }, { seed: 1, count: 20 }),
      generator: createInquiryGenerator({ seed: 1, operators: ['op@agencia.example.test'] }),
      startEpochMs: START,
    });
    const items = [...stream];
    expect(items).toHaveLength(20);
    expect(items.every((i) => i.consulta.OperadorResponsable === 'op@agencia.example.test')).toBe(true);
  });

  it('streams inquiries in constant memory', async () => {
    // 200,000 rather than a million: a million takes ~8 s alone on an idle machine (≈7 µs per inquiry) and far
    // longer on a shared CI box; retained heap is measured between 10% and 100% of the stream, so a leak of even
    // 10 bytes per inquiry would show. A child process so --expose-gc gives honest heap numbers.
    const n = 200_000;
    const fixture = fileURLToPath(new URL('./fixtures/stream-memory.ts', import.meta.url));
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', '--import', 'tsx', fixture, String(n)], { timeout: 28_000 });
    const result = JSON.parse(stdout) as { count: number; early: number; late: number; monotonic: boolean; ms: number };
    expect(result.count).toBe(n);
    expect(result.monotonic).toBe(true);
    expect(result.late - result.early).toBeLessThan(1024 * 1024);
  }, 30_000);
});

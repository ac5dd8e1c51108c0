import { existsSync } from 'node:fs';
import path from 'node:path';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReferenceServer } from '../../reference/server.ts';
import { runSimulation } from '../../simulator/simulate.ts';
import { SIMULATION_FILE } from '../../simulator/simulation-result.ts';
import { renderSimulationSection } from '../../simulator/simulation-html.ts';
import type { Profile } from '../../sut/profile.ts';
import { referenceTarget, tempDir } from '../support/sim-target.ts';

// `simulate` against the reference server: a clean 1,000-inquiry run passes, an interrupted run puts the
// webhook configuration back as it was, and without hooks it observes resends of existing inquiries.

let server: ReferenceServer;
let profile: Profile;

beforeAll(async () => {
  ({ server, profile } = await referenceTarget());
});
afterAll(() => server.close());

const topicUrl = () => `${server.url}/v3/appnotificaciones/${profile.topics.inquiry}`;
const auth = (app: 'primary' | 'other') => ({ ...profile.apps[app].headers, 'content-type': 'application/json' });

async function readTopic(app: 'primary' | 'other'): Promise<{ status: number; json: unknown }> {
  const res = await request(topicUrl(), { headers: auth(app) });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
}

describe('simulate against the reference server', () => {
  it('delivers 1,000 injected inquiries exactly once each, listed, by sid and resent', async () => {
    const reportDir = await tempDir('vmp-sim-');
    const lines: string[] = [];
    const { exitCode, result } = await runSimulation({
      baseUrl: server.url,
      profile,
      inquiries: 1000,
      arrival: { kind: 'constant', ratePerSec: 1000 },
      seed: 7,
      deadlineMs: 15_000,
      // Generous: on a loaded 2-core machine the embedded server shares this process with everything else.
      timeoutMs: 15_000,
      reportDir,
      out: (l) => lines.push(l),
    });
    expect(result.failing, lines.join('\n')).toEqual([]);
    expect(exitCode).toBe(0);
    expect(result.inquiries).toMatchObject({ requested: 1000, sent: 1000, injected: 1000, delivered: 1000 });
    expect(Object.values(result.counts).every((n) => n === 0)).toBe(true);
    expect(result.list).toMatchObject({ listed: 1000, complete: true });
    expect(result.bySid).toEqual({ checked: 1000, ok: 1000 });
    expect(result.resend).toMatchObject({ sent: 100, ok: 100 });
    expect(result.latency.percentiles.count).toBe(1000);
    expect(result.latency.percentiles.p50).toBeLessThanOrEqual(result.latency.percentiles.p99);
    expect(existsSync(path.join(reportDir, SIMULATION_FILE))).toBe(true);
    expect(renderSimulationSection(result)).toContain('<svg');
    // The topics were unconfigured before the run and are again after it.
    expect((await readTopic('primary')).status).toBe(404);
    expect((await readTopic('other')).status).toBe(404);
  });

  it('restores a saved configuration when the run is aborted', async () => {
    const before = { Url: 'http://127.0.0.1:9/before', Activo: true };
    const created = await request(topicUrl(), { method: 'POST', headers: auth('primary'), body: JSON.stringify(before) });
    expect(created.statusCode).toBe(201);
    await created.body.dump();
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 400);
    const { exitCode, result } = await runSimulation({
      baseUrl: server.url,
      profile,
      inquiries: 100_000,
      arrival: { kind: 'constant', ratePerSec: 200 },
      seed: 1,
      deadlineMs: 2_000,
      reportDir: await tempDir('vmp-sim-abort-'),
      signal: controller.signal,
    });
    expect(exitCode).toBe(130);
    expect(result.interrupted).toBe(true);
    expect(result.restore.ok).toBe(true);
    expect((await readTopic('primary')).json).toMatchObject(before);
    expect((await readTopic('other')).status).toBe(404);
    const removed = await request(topicUrl(), { method: 'DELETE', headers: auth('primary') });
    await removed.body.dump();
  });
});

describe('simulate without simulation hooks', () => {
  it('observes resends of existing inquiries', async () => {
    const target = await referenceTarget((p) => ({ ...p, simulationHooks: null }));
    try {
      const { exitCode, result } = await runSimulation({
        baseUrl: target.server.url,
        profile: target.profile,
        inquiries: 20,
        arrival: { kind: 'constant', ratePerSec: 100 },
        seed: 1,
        deadlineMs: 5_000,
        reportDir: await tempDir('vmp-sim-observe-'),
      });
      expect(result.mode).toBe('observe');
      expect(result.failing).toEqual([]);
      expect(exitCode).toBe(0);
      expect(result.resend.sent).toBeGreaterThan(0);
      expect(result.resend.ok).toBe(result.resend.sent);
    } finally {
      await target.server.close();
    }
  });
});

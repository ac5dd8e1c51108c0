import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  load,
  loadProfile,
  parseProfile,
  ProfileError,
  profileJsonSchema,
  runConformance,
  signStandardWebhooks,
  simulate,
  startCaptureServer,
  startReferenceServer,
  ThresholdError,
  UsageError,
  verifyWebhookSignature,
} from '../../api/index.ts';

// The programmatic API (api/index.ts, the package's entry point) used as an embedding program would: each
// function does what its command does, and bad input is a typed error, never an exit.

const REFERENCE_PROFILE = path.resolve(import.meta.dirname, '../../profiles/reference.json');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-api-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('the programmatic API', () => {
  it('runConformance runs selected rules against the embedded server and writes the reports', async () => {
    const outcome = await runConformance({ only: 'limits/*', seed: 7, runs: 5, reportDir: path.join(dir, 'run') });
    expect(outcome.exitCode).toBe(0);
    expect(outcome.result.rules.length).toBeGreaterThan(0);
    expect(outcome.result.rules.every((r) => r.id.startsWith('limits/'))).toBe(true);
    expect(JSON.parse(await readFile(outcome.reportFiles.results, 'utf8')).seed).toBe(7);
  }, 120_000);

  it('runConformance streams each rule to onRule, honours exclude, and records both (issue 23 §4-5)', async () => {
    const heard: [string, number, number][] = [];
    const outcome = await runConformance({
      only: 'home/*',
      exclude: 'home/etag-*',
      seed: 7,
      reportDir: path.join(dir, 'streamed'),
      onRule: (rule, p) => heard.push([rule.id, p.done, p.total]),
    });
    const ids = outcome.result.rules.map((r) => r.id);
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id) => id.startsWith('home/') && !id.startsWith('home/etag-'))).toBe(true);
    expect(heard.map(([id]) => id).sort()).toEqual([...ids].sort());
    expect(heard.map(([, done, total]) => [done, total])).toEqual(ids.map((_, i) => [i + 1, ids.length]));
    expect(outcome.result.options).toMatchObject({ only: 'home/*', exclude: 'home/etag-*' });
    expect(outcome.reportDir).toBe(path.join(dir, 'streamed'));
  }, 120_000);

  it('runConformance stops at its AbortSignal as run stops at Ctrl-C: partial results, exit code 130', async () => {
    const controller = new AbortController();
    const outcome = await runConformance({
      only: 'status/*',
      runs: 5,
      seed: 7,
      reportDir: path.join(dir, 'aborted'),
      signal: controller.signal,
      onRule: () => controller.abort(),
    });
    expect(outcome.exitCode).toBe(130);
    expect(outcome.result.interrupted).toMatchObject({ signal: 'AbortSignal', notRestored: [] });
    expect(outcome.result.rules.some((r) => r.skipReason === 'not run: the run was interrupted by AbortSignal')).toBe(true);
    expect(JSON.parse(await readFile(outcome.reportFiles.results, 'utf8')).interrupted.signal).toBe('AbortSignal');
  }, 120_000);

  it('runConformance refuses a target without a profile and a glob matching no rule, with UsageError', async () => {
    await expect(runConformance({ baseUrl: 'http://127.0.0.1:9' })).rejects.toBeInstanceOf(UsageError);
    await expect(runConformance({ only: 'no-such-area/*' })).rejects.toThrow(/matches no rule/);
  });

  it('simulate delivers every inquiry of a short stream against the embedded server', async () => {
    const { exitCode, result } = await simulate({ inquiries: 20, rate: 200, seed: 3, reportDir: path.join(dir, 'sim') });
    expect(exitCode).toBe(0);
    expect(result.inquiries.delivered).toBe(20);
  }, 60_000);

  it('load runs a bounded closed-model load against a reference server it was given', async () => {
    const server = await startReferenceServer({ profile: await loadProfile(REFERENCE_PROFILE) });
    try {
      const { exitCode, result } = await load({
        baseUrl: server.url,
        profile: REFERENCE_PROFILE,
        durationSec: 1,
        connections: 2,
        thresholds: ['errors<5%'],
        reportDir: path.join(dir, 'load'),
      });
      expect(exitCode).toBe(0);
      expect(result.requests.ok).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 60_000);

  it('load refuses an unreadable threshold with ThresholdError before sending anything', async () => {
    await expect(load({ thresholds: ['p99 under a second'] })).rejects.toBeInstanceOf(ThresholdError);
  });

  it('profiles load, validate with ProfileError naming the field, and have a JSON schema', async () => {
    expect((await loadProfile(REFERENCE_PROFILE)).apps.primary).toBeDefined();
    expect(() => parseProfile({ apps: {} })).toThrow(ProfileError);
    expect(profileJsonSchema()).toMatchObject({ type: 'object' });
  });

  it('a capture server records a delivery whose Standard Webhooks signature verifies', async () => {
    const secret = `whsec_${Buffer.from('a-test-signing-key-of-32-bytes!!').toString('base64')}`;
    const config = { scheme: 'standard-webhooks' as const, secret };
    const capture = await startCaptureServer({ out: path.join(dir, 'deliveries.jsonl'), signature: config });
    try {
      const body = JSON.stringify({ hello: 'world' });
      const id = 'msg_1';
      const timestamp = Math.floor(Date.now() / 1000);
      const signature = signStandardWebhooks(secret, id, timestamp, body);
      const response = await fetch(`${capture.url}/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature },
        body,
      });
      expect(response.status).toBeLessThan(300);
      expect(
        verifyWebhookSignature(config, { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }, Buffer.from(body)).status,
      ).toBe('valid');
      expect(
        verifyWebhookSignature(config, { 'webhook-id': id, 'webhook-timestamp': String(timestamp), 'webhook-signature': signature }, Buffer.from(`${body} `))
          .status,
      ).toBe('invalid');
      expect(capture.deliveries().length).toBe(1);
    } finally {
      await capture.close();
    }
  });
});

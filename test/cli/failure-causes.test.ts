import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadProfile, runConformance } from '../../api/index.ts';
import { causeGroups } from '../../reports/cause-groups.ts';
import type { Profile } from '../../sut/profile.ts';
import { MutantResponse } from '../mutants/exchange.ts';
import type { Fault } from '../mutants/fault.ts';
import { GALLERY } from '../mutants/gallery/index.ts';
import { startMutantProxy } from '../mutants/proxy.ts';
import { freshReference } from '../mutants/run-cli.ts';
import { markdownText } from '../../reports/markdown-text.ts';

// Failures read by cause (issue 23 §2), against targets with one fault each: a member sent with the wrong type
// fails many rules with one finding, and they read as one cause; a 500 on an e-mail's form fails the rules of
// that form and of 5xx, never the adminMail length rules; a delivery rule shows the deliveries it judged.

const REFERENCE_PROFILE = path.resolve(import.meta.dirname, '../../profiles/reference.json');
let profile: Profile;
let dir: string;

beforeAll(async () => {
  profile = await loadProfile(REFERENCE_PROFILE);
  dir = await mkdtemp(path.join(tmpdir(), 'vmp-causes-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** A run of the selected rules against the reference server behind one fault; the console lines kept. */
async function against(fault: Fault, only: string, name: string, runs = 5) {
  const reference = await freshReference(profile);
  const proxy = await startMutantProxy({ upstream: reference.url, profile, fault });
  const lines: string[] = [];
  try {
    const outcome = await runConformance({
      baseUrl: proxy.url,
      profile: REFERENCE_PROFILE,
      only,
      runs,
      seed: 1,
      reportDir: path.join(dir, name),
      out: (l) => lines.push(l),
    });
    return { outcome, lines, failed: outcome.result.rules.filter((r) => r.verdict === 'fail') };
  } finally {
    await proxy.close();
    await reference.close();
  }
}

describe('failures read by cause', () => {
  it('the Status member sent as a string: one cause → every rule that reads a problem body, led by it everywhere', async () => {
    const statusAsString: Fault = {
      response(_req, res) {
        if (res.contentType === 'application/problem+json') res.editJson((body) => void (body.Status = String(body.Status)));
      },
    };
    const { outcome, lines, failed } = await against(statusAsString, 'status/agencias-*,status/ciudades-*,errors/*', 'status-string');
    expect(outcome.exitCode).toBe(1);
    const groups = causeGroups(failed);
    const biggest = groups[0]!;
    // What the target did, whatever each rule's words: the member and the type it sent for the one expected.
    expect(biggest.key).toBe('member-type Status number expected, string sent');
    expect(biggest.text).toBe('member Status: number expected, string sent');
    expect(biggest.rules.length).toBeGreaterThanOrEqual(6);
    expect(groups.length).toBeLessThan(failed.length);
    const text = lines.join('\n');
    expect(text).toContain(`Failures by cause (${groups.length} causes → ${failed.length} rules):`);
    expect(text).toContain(`  ${biggest.rules.length} rules — member Status: number expected, string sent`);
    expect(text.indexOf('Failures by cause')).toBeLessThan(text.indexOf(`Failed rules (${failed.length}):`));
    const summary = await readFile(path.join(outcome.reportDir, 'summary.md'), 'utf8');
    expect(summary).toContain(`1. **${biggest.rules.length} rules**: ${markdownText(biggest.text)}`);
    expect(await readFile(outcome.reportFiles.html, 'utf8')).toContain(`<li data-rules="${biggest.rules.length}"><b>${biggest.rules.length} rules</b>`);
  }, 180_000);

  it('a 500 on the form of an adminMail fails its form rule and no-server-error, never a length rule', async () => {
    // The outsider's fault of the issue: plus-addressed (or upper-case) e-mails crash the server, whatever their length.
    const formCrash: Fault = {
      request(req) {
        const adminMail = req.param('adminMail');
        if (adminMail !== undefined && /[+A-Z]/.test(adminMail)) return new MutantResponse(500, {}, 'crash');
      },
    };
    const { failed, outcome } = await against(
      formCrash,
      'limits/admin-mail-max-50/*,limits/email-format/rfc-forms-accepted,errors/no-server-error',
      'form',
      40,
    );
    expect(failed.map((r) => r.id).sort()).toEqual(['errors/no-server-error', 'limits/email-format/rfc-forms-accepted']);
    const atLimit = outcome.result.rules.find((r) => r.id === 'limits/admin-mail-max-50/at-limit-accepted')!;
    expect(atLimit.verdict).toBe('pass');
    expect(atLimit.observation).toMatch(
      /\(maxLength 50: at, upper case\): 500, but the plain .* of the same length: (200|404) — the value's form, not its length, is the cause/,
    );
    // A 5xx a property found reads as its request (curl in the evidence) and the command that draws it again.
    const noServerError = failed.find((r) => r.id === 'errors/no-server-error')!;
    expect(noServerError.message).not.toMatch(/drawing|\{"/);
  }, 240_000);

  it("a webhook delivered twice: the delivery rule's evidence is both deliveries, as they arrived", async () => {
    const twice = GALLERY.find((m) => m.name === 'webhook-delivered-twice')!;
    const { failed, outcome } = await against(twice.fault, 'events/inquiry-webhook-delivered', 'twice');
    const rule = failed.find((r) => r.id === 'events/inquiry-webhook-delivered')!;
    expect(rule.message).toMatch(/exactly one delivery of the inquiry to the primary app, not 2/);
    expect(rule.deliveries?.map((d) => d.callback.split('/').at(-1))).toEqual(['primary-inquiry', 'primary-inquiry']);
    expect(rule.deliveries![0]!.receivedAt <= rule.deliveries![1]!.receivedAt).toBe(true);
    expect(rule.deliveries![0]!.bodyExcerpt).toContain('"Interesado"');
    expect(await readFile(outcome.reportFiles.html, 'utf8')).toContain('<b>Webhook deliveries judged (2)</b>');
    expect(await readFile(outcome.reportFiles.junit, 'utf8')).toContain('webhook deliveries judged (2):');
  }, 180_000);
});

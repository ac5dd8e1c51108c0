import { afterEach, describe, expect, it } from 'vitest';
import { prepareTarget } from '../../sut/prepare.ts';
import { TargetClient } from '../../sut/client.ts';
import type { Fixtures } from '../../sut/discovery.ts';
import { parseProfile, secretsOf } from '../../sut/profile-load.ts';
import { SECRET_PROFILE, SECRETS } from '../cli/run-support.ts';
import { AGENCY, FAULTS, SID, startHostile, type HostileServer } from './discovery-servers.ts';
import { expectNoSecrets } from './support/no-secrets.ts';
import { CLI_SECRETS } from './support/secret-scan.ts';

// Issue 12 §5: discovery on a target that answers, but wrongly. Each broken read is a fault of the rule it
// breaks (the run fails it), discovery reads the other form instead, and what it cannot find is missing with
// the cause named. Only no connection and rejected credentials throw (exit 3). What discovery returns (faults
// with their exchanges as evidence) or throws never shows the credentials it sent.

const PROFILE = parseProfile(SECRET_PROFILE, SECRETS);

let server: HostileServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

/** Discovery on url, its outcome (fixtures, or the error thrown) scanned for the credentials it sent. */
async function discover(url: string, timeoutMs = 2_000): Promise<Fixtures> {
  const outcome = await prepareTarget(new TargetClient({ baseUrl: url, profile: PROFILE, timeoutMs, secrets: secretsOf(PROFILE) })).catch(
    (error: Error) => error,
  );
  const shown = outcome instanceof Error ? `${outcome.message}\n${JSON.stringify(outcome)}` : JSON.stringify(outcome);
  await expectNoSecrets({ texts: { [url]: shown } }, CLI_SECRETS);
  if (outcome instanceof Error) throw outcome;
  return outcome;
}

async function discoverOn(fault: keyof typeof FAULTS, timeoutMs = 2_000): Promise<Fixtures> {
  server = await startHostile(FAULTS[fault]);
  return discover(server.url, timeoutMs);
}

const faultsOf = (f: Fixtures) => Object.fromEntries(f.faults.map((x) => [x.ruleId, x.cause]));

describe('the agency list answers wrongly: a fault of its rule, the cause named, no agency', () => {
  it('404 on GET /v3/agencias → status/agencias-list/200, with the exchange as evidence', async () => {
    const f = await discoverOn('notFound');
    expect(faultsOf(f)).toEqual({ 'status/agencias-list/200': expect.stringMatching(/^GET \/v3\/agencias answered 404 — expected 200 \(list of Agencias/) });
    const evidence = f.faults[0]!.answer;
    expect(evidence.status).toBe(404);
    expect(evidence.exchange.curl).toMatch(/^curl .*'Authorization: <redacted>'.*\/v3\/agencias'$/);
    expect(evidence.exchange.bodyExcerpt).toContain('Error code: 404');
    expect(f.agency).toBeUndefined();
    expect(f.missing.agency).toMatch(
      /^no agency of the primary app is known: GET \/v3\/agencias asking for .* answered 404; GET \/v3\/agencias asking for application\/json answered 404 \(set fixtures\.agency/,
    );
  });

  it('a foreign server (200 text/html everywhere) → the media rule of each form asked', async () => {
    const f = await discoverOn('foreign');
    expect(faultsOf(f)).toEqual({
      'media/agencias-list/ref': expect.stringMatching(/answered 200 — expected Content-Type application\/vnd\.service\.ref\+json, got text\/html/),
      'media/agencias-list/json': expect.stringMatching(/answered 200 — expected Content-Type application\/json, got text\/html/),
    });
    expect(f.agency).toBeUndefined();
    expect(f.missing.agency).toMatch(/got text\/html/);
  });

  it('an empty list is no fault: the spec does not promise the app an agency', async () => {
    const f = await discoverOn('noAgencies');
    expect(f.faults).toEqual([]);
    expect(f.missing.agency).toMatch(/agency list is empty/);
  });

  it('a server that accepts the connection and never answers → a fault (the run is exit 1, not 3)', async () => {
    const f = await discoverOn('silent', 300);
    expect(faultsOf(f)).toEqual({ 'status/agencias-list/200': expect.stringMatching(/got no answer \(VMP_ERR_TIMEOUT: .*no status line arrived/) });
    expect(f.agency).toBeUndefined();
  });
});

describe('a broken form, the other form whole: the fault reported, the fixtures found through the other form', () => {
  it('the reference form truncated → the full form names the agency (checked with GET /v3/agencias/{adminMail})', async () => {
    const f = await discoverOn('truncatedRef');
    expect(faultsOf(f)).toEqual({ 'media/agencias-list/ref': expect.stringMatching(/answered 200, then VMP_ERR_PROTOCOL: response truncated/) });
    expect(f).toMatchObject({ agency: AGENCY, agencies: [AGENCY], otherAgencies: [], inquirySid: SID, missing: {} });
    expect(server!.requests).toContain(`GET /v3/agencias/${encodeURIComponent(AGENCY)}`);
  });

  it('reference-form entries without href → the media rule names the member; the full form names the agency', async () => {
    const f = await discoverOn('refWithoutHref');
    expect(faultsOf(f)).toEqual({ 'media/agencias-list/ref': expect.stringMatching(/reference form of Agencias, but 0\.href: /) });
    expect(f).toMatchObject({ agency: AGENCY, inquirySid: SID });
  });

  it("the inquiry list's reference form a 500 → the sid from the full form's links", async () => {
    const f = await discoverOn('inquiriesRef500');
    expect(Object.keys(faultsOf(f))).toEqual(['status/consultas-list/200']);
    expect(f).toMatchObject({ agency: AGENCY, inquirySid: SID, operador: 'ventas@agencia-norte.example.test', externalId: 'PUB-000123' });
  });

  it("the inquiry list's full form mislabelled → the sid from the reference form; operador missing, with the cause", async () => {
    const f = await discoverOn('inquiriesFullMislabelled');
    expect(Object.keys(faultsOf(f))).toEqual(['media/consultas-list/json']);
    expect(f).toMatchObject({ agency: AGENCY, inquirySid: SID });
    expect(f.operador).toBeUndefined();
    expect(f.missing.operador).toMatch(/asking for application\/json answered 200 \(expected Content-Type application\/json, got text\/html\)/);
  });

  it('the inquiry list a 503 in every form → the agency found, its inquiries missing with the cause', async () => {
    const f = await discoverOn('inquiries5xx');
    expect(Object.keys(faultsOf(f))).toEqual(['status/consultas-list/200']);
    expect(f.agency).toBe(AGENCY);
    expect(f.inquirySid).toBeUndefined();
    expect(f.missing.inquirySid).toMatch(
      /^GET \/v3\/consultas\/admin@agencia-norte\.example\.test asking for .* answered 503; .* answered 503 \(set fixtures\.inquirySid/,
    );
  });
});

describe('a conforming list that names what is no agency of the app yet', () => {
  it('a pending invitation listed before the agency: its inquiry list 404 is no fault, the agency is the fixture', async () => {
    const f = await discoverOn('pendingListed');
    expect(faultsOf(f)).toEqual({});
    expect(f).toMatchObject({ agency: AGENCY, inquirySid: SID, inquiryTotal: 1 });
  });
});

describe('exit 3 material only: no connection, or the credentials rejected', () => {
  it('credentials rejected → a TargetError, exit 3', async () => {
    await expect(discoverOn('rejects')).rejects.toMatchObject({
      name: 'TargetError',
      code: 'VMP_ERR_TARGET',
      message: expect.stringMatching(/rejects the credentials of app 'primary' \(GET \/v3\/agencias: 401\)/),
    });
  });

  it('a closed port → a TargetError, exit 3', async () => {
    server = await startHostile(FAULTS.notFound);
    const url = server.url;
    await server.close();
    server = undefined;
    await expect(discover(url)).rejects.toMatchObject({
      name: 'TargetError',
      code: 'VMP_ERR_TARGET',
      message: expect.stringMatching(/is unreachable: .*ECONNREFUSED/),
    });
  });
});

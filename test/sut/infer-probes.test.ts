import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { endOfDayIn, formatInZone, parseOffsetDateTime, type OffsetDateTime } from '../../models/index.ts';
import { ownPart } from '../../sut/infer/catalog-records.ts';
import { assignRoles, type MemberEvidence } from '../../sut/infer/catalog-roles.ts';
import { mediaInferrer } from '../../sut/infer/media.ts';
import type { Received } from '../../sut/infer/probe.ts';
import { fingerprint, inferredAmong, inferredMarks, inferredNote, provenanceOf } from '../../sut/infer/provenance.ts';
import { findSecretMember, SECRET_MEMBER_NAMES } from '../../sut/infer/secret-member.ts';
import { observeZone } from '../../sut/infer/inquiry-list.ts';
import { readZone, type ZoneObservations } from '../../sut/infer/zone-fit.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { fakeProbe } from './fake-probe.ts';
import { parseDraftProfile } from '../../sut/profile-load.ts';
import { recordingProfile } from '../../suites/harness/profile-reads.ts';

// Issue 21, "init: infer by behaviour, not by shape": each probe of sut/infer/ tells two readings of what a target
// shows apart, and marks what it cannot tell. Unit tests of each, on the evidence or a fake target.

const MAKES = { fields: ['id', 'api-url', 'api-url-path', 'name', 'codename'], qFields: ['name', 'codename'], qRulesOut: true };
const member = (pointer: string, values: string[], e: Partial<MemberEvidence> = {}): MemberEvidence => ({ pointer, values, ...e });

describe('catalog roles: told by what the target does with each value', () => {
  it("a make's slug-like ApiUrl is not its codename when q does not match it; the codename q matches is", () => {
    const roles = assignRoles(
      [
        member('/Id', ['10', '11'], { id: true }),
        member('/Nombre', ['Alfa Romeo', 'Chevrolet'], { q: true, titled: true }),
        member('/ApiUrl', ['alfa-romeo', 'chevrolet'], { q: false }),
        member('/Codename', ['ALFR', 'CHVT'], { q: true }),
      ],
      MAKES,
    );
    expect(roles.keys).toMatchObject({ id: '/Id', name: '/Nombre', codename: '/Codename' });
    expect(roles.keys['api-url']).toBe('/ApiUrl');
    expect(Object.keys(roles.unverified)).toEqual(['api-url']);
    expect(roles.unverified['api-url']).toMatch(/q does not match it/);
  });

  it('by shape alone (nothing told), the slug would be the codename: then it is marked unverified', () => {
    const roles = assignRoles([member('/Nombre', ['Alfa Romeo'], { titled: true }), member('/ApiUrl', ['alfa-romeo'])], MAKES);
    expect(roles.keys.codename).toBe('/ApiUrl');
    expect(roles.unverified.codename).toMatch(/shape/);
  });

  it('q matching two members and no title: name and codename both unverified', () => {
    const roles = assignRoles([member('/A', ['Alfa Romeo'], { q: true }), member('/B', ['alfa-romeo'], { q: true })], MAKES);
    expect(roles.keys).toEqual({ name: '/A', codename: '/B' });
    expect(Object.keys(roles.unverified).sort()).toEqual(['codename', 'name']);
  });

  it('an id GET answers is verified; one only the links name is not; a URL GET answers is the api-url', () => {
    const fields = { fields: ['id', 'api-url', 'api-url-path', 'name', 'codename'] };
    const got = assignRoles([member('/Codigo', ['3'], { id: true }), member('/Url', ['http://h/v3/carrocerias/3'], { url: 'api-url' })], fields);
    expect(got).toEqual({ keys: { id: '/Codigo', 'api-url': '/Url' }, unverified: {} });
    const linked = assignRoles([member('/uuid', ['3f1c2a9e'], { id: 'linked' }), member('/label', ['Sedan'], { titled: true })], fields);
    expect(linked.keys).toEqual({ id: '/uuid', name: '/label' });
    expect(Object.keys(linked.unverified)).toEqual(['id']);
  });

  it("a city's name is what q matches, its longer name the full one; a colour's name is what nombre finds", () => {
    const cities = { fields: ['id', 'api-url', 'api-url-path', 'full name', 'part of name'], qFields: ['part of name', 'full name'] };
    const got = assignRoles([member('/Nombre', ['Rosario'], { q: true }), member('/Completo', ['Rosario, Santa Fe'], { q: true })], cities);
    expect(got.keys).toEqual({ 'part of name': '/Nombre', 'full name': '/Completo' });
    const colours = assignRoles([member('/Codigo', ['1'], { id: true }), member('/Nombre', ['Blanco'], { namedByLookup: true })], { fields: ['id', 'name'] });
    expect(colours).toEqual({ keys: { id: '/Codigo', name: '/Nombre' }, unverified: {} });
  });

  it('ownPart: a part of a value no other value of the record holds, or none', () => {
    expect(ownPart('alfa-romeo', ['Alfa Romeo', '10'])).toBe('fa-');
    expect(ownPart('toyota', ['Toyota'])).toBeUndefined();
    expect(ownPart('ALFR', ['Alfa Romeo', 'alfa-romeo'])).toBe('LFR');
  });
});

/** Each day's first and last instants as a server in `zone` writes them, every `step` days from `from`. */
function bounds(zone: string, from: string, days: number, step = 15): ZoneObservations {
  const o: ZoneObservations = { starts: [], ends: [], local: [] };
  const day = (i: number) => new Date(Date.parse(`${from}T00:00:00Z`) + i * 86_400_000).toISOString().slice(0, 10);
  for (let i = 0; i <= days; i += step) {
    const end = parseOffsetDateTime(formatInZone(endOfDayIn(day(i), zone), zone))!;
    const start = parseOffsetDateTime(formatInZone(endOfDayIn(day(i - 1), zone) + 1, zone))!;
    o.starts.push(start);
    o.ends.push(end);
    o.local.push(...[start, end].filter((t: OffsetDateTime) => t.offsetMinutes !== 0));
  }
  return o;
}

describe('time zone: read over 90 days, a zone with rules when offsets differ', () => {
  it('Santiago with its September change inside the window: America/Santiago, no rival', () => {
    const r = readZone(bounds('America/Santiago', '2026-07-24', 90), '2026-07-24', '2026-10-22');
    expect(r).toMatchObject({ zone: 'America/Santiago', changeSeen: true, rivals: [], misfits: 0 });
  });

  it('Santiago in a window without a change: a fixed offset, with America/Santiago as a rival (unverified)', () => {
    const r = readZone(bounds('America/Santiago', '2026-10-20', 90), '2026-10-20', '2027-01-18');
    expect(r?.zone).toBe('Etc/GMT+3');
    expect(r?.changeSeen).toBe(false);
    expect(r?.rivals).toContain('America/Santiago');
  });

  it("a UTC target's pages of inquiries a simulate injected at -03:00: read as UTC, the Momentos no evidence (issue 28 §4)", () => {
    const o: ZoneObservations = { starts: [], ends: [], local: [] };
    for (const day of ['2026-07-24', '2026-08-08', '2026-08-23']) {
      const _entries = Array.from({ length: 50 }, (_, i) => ({ Momento: `${day}T1${i % 10}:00:00-03:00` }));
      const json = { Desde: `${day}T00:00:00Z`, Hasta: `${day}T23:59:59.999Z`, Pagina: 1, Total: 50, PerPagina: 100, _entries };
      observeZone(o, { status: 200, json } as unknown as TargetResponse);
    }
    expect(o.local).toEqual([]);
    expect(readZone(o, '2026-07-24', '2026-10-22')?.zone).toBe('UTC');
  });

  it('Kiritimati: the fixed offset, no zone that would reckon days otherwise', () => {
    expect(readZone(bounds('Pacific/Kiritimati', '2026-07-24', 90), '2026-07-24', '2026-10-22')).toMatchObject({ zone: 'Etc/GMT-14', rivals: [] });
  });

  it('a day that starts at 01:00 (midnight skipped) is its first instant; a day answered otherwise counts as a misfit', () => {
    // (Bounds of days away from the change: models' startOfDayIn takes 23:00 of the eve for such a day's start.)
    const o = bounds('America/Santiago', '2026-08-20', 30);
    o.starts.push(parseOffsetDateTime('2026-09-06T01:00:00.000-03:00')!);
    expect(readZone(o, '2026-08-20', '2026-09-19')).toMatchObject({ zone: 'America/Santiago', misfits: 0 });
    o.ends.push(parseOffsetDateTime('2026-09-05T22:59:59.999-04:00')!);
    expect(readZone(o, '2026-08-20', '2026-09-19')).toMatchObject({ zone: 'America/Santiago', misfits: 1 });
  });
});

/** A fake target: `answer` gets each request and returns status, headers and JSON body. */

describe('media type selection and the conditional header: two readings told apart', () => {
  it('a target whose default is the reference form and that ignores Accept: the header that selects both forms', async () => {
    const p = fakeProbe((req) => {
      const asked = req.headers?.['X-Formato'];
      const type = asked ?? 'application/vnd.service.ref+json';
      if (req.path === '/v3') return [200, { etag: '"e1"', 'content-type': 'application/json' }, {}];
      return [200, { 'content-type': type }, []];
    });
    const out = await mediaInferrer.infer(p);
    expect(out.found.find((f) => f.key === 'mediaTypeSelection')?.value).toEqual({ header: 'X-Formato' });
  });

  it('304 for any tag: the header is kept but unverified; 304 for none: null, unverified (the 304 checks skip)', async () => {
    const always = fakeProbe((req) => (req.headers?.['If-None-Match'] ? [304] : [200, { etag: '"e1"', 'content-type': 'application/json' }, {}]));
    const a = (await mediaInferrer.infer({ ...always, known: { ...always.known, mediaTypeSelection: { header: 'Accept' } } })).found[0]!;
    expect(a).toMatchObject({
      key: 'conditionalRequestHeader',
      value: 'If-None-Match',
      unverified: { conditionalRequestHeader: expect.stringMatching(/never gave/) },
    });
    const never = fakeProbe(() => [200, { etag: '"e1"', 'content-type': 'application/json' }, {}]);
    const n = (await mediaInferrer.infer({ ...never, known: { ...never.known, mediaTypeSelection: { header: 'Accept' } } })).found[0]!;
    expect(n).toMatchObject({ key: 'conditionalRequestHeader', value: null, unverified: { conditionalRequestHeader: expect.any(String) } });
  });
});

/** A fake target whose upsert takes the signing secret in `member` (deliveries unsigned without it). */
function signingTarget(member: string, strict: boolean) {
  let config: { url: string; secret?: string } | undefined;
  const deliveries: Received[] = [];
  const probe = fakeProbe(
    (req) => {
      if (req.method === 'PUT') {
        const body = req.json as Record<string, string>;
        const unknown = Object.keys(body).filter((k) => k !== 'Url' && k !== member);
        if (strict && unknown.length > 0) return [400, {}, { Errors: Object.fromEntries(unknown.map((k) => [k, ['unknown']])) }];
        config = { url: body.Url!, ...(body[member] ? { secret: body[member] } : {}) };
        return [200, {}, {}];
      }
      const raw = Buffer.from('{"Consulta":{}}');
      const headers = config?.secret ? { 'x-sig': createHmac('sha256', config.secret).update(raw).digest('hex') } : {};
      deliveries.push({ path: new URL(config!.url).pathname, headers, raw, json: {} });
      return [202, {}, {}];
    },
    {
      receiver: {
        url: (name) => `http://capture.test/${name}`,
        wait: async (predicate) => deliveries.find(predicate),
      },
    },
  );
  const verifies = (d: Received) => d.headers['x-sig'] === createHmac('sha256', 'the-secret-given').update(d.raw).digest('hex');
  const search = { topic: 'leads', template: { Url: '{{url}}' }, secret: 'the-secret-given', required: [], verifies };
  return { probe, search, resend: () => probe.client.send({ method: 'POST', path: '/resend' }) };
}

describe('the member of the upsert that takes the signing secret: told by deliveries', () => {
  it('among the conventional names, halved down on a target that ignores members it does not know', async () => {
    const t = signingTarget('ClaveFirma', false);
    const found = await findSecretMember(t.probe, { ...t.search, resend: t.resend });
    expect(found.member).toBe('ClaveFirma');
    expect(found.tries).toBeLessThanOrEqual(10);
  });

  it('at once on a target that names the members it refuses', async () => {
    const t = signingTarget('signingSecret', true);
    expect(await findSecretMember(t.probe, { ...t.search, resend: t.resend })).toMatchObject({ member: 'signingSecret', tries: 1 });
  });

  it('none found when no member tried makes deliveries verify: what was tried is said', async () => {
    const t = signingTarget('hiddenKey', false);
    const found = await findSecretMember(t.probe, { ...t.search, resend: t.resend });
    expect(found.member).toBeUndefined();
    expect('tried' in found && found.tried).toEqual(SECRET_MEMBER_NAMES);
  });
});

describe('provenance: what init inferred, and a failure that read it', () => {
  const secret = 'hook-secret-123456';
  const findings = [
    { key: 'catalogKeys.marcas', value: { name: '/Nombre', codename: '/ApiUrl' }, how: 'x', unverified: { 'catalogKeys.marcas.codename': 'shape' } },
    { key: 'templates.webhookUpsert', value: { Url: '{{url}}', Secreto: secret }, how: 'y' },
    { key: 'invitationDomain', value: 'example.test', how: 'chosen (nothing to infer)' },
  ];

  it('marks catalog keys field by field, fingerprints with secrets masked, and leaves chosen values out', () => {
    const marks = inferredMarks(findings, [secret]);
    expect(Object.keys(marks)).toEqual(['catalogKeys.marcas.codename', 'catalogKeys.marcas.name', 'templates.webhookUpsert']);
    expect(marks['catalogKeys.marcas.codename']).toMatch(/^unverified [0-9a-f]{12}$/);
    expect(marks['templates.webhookUpsert']).toBe(`verified ${fingerprint({ Url: '{{url}}', Secreto: 'another-secret-x' }, ['another-secret-x'])}`);
  });

  it('a value changed since init is no longer inferred; a failure names those the check read, unverified first', () => {
    const profile = parseDraftProfile({
      apps: { primary: { headers: { A: 'x' } }, other: { headers: { A: 'y' } } },
      catalogKeys: { marcas: { name: '/Titulo', codename: '/ApiUrl' } },
      $inferred: inferredMarks(findings, []),
    });
    const provenance = provenanceOf(profile, [], [{ key: 'timeZone', value: 'UTC', how: 'z' }]);
    expect(provenance.map((p) => p.key)).toEqual(['catalogKeys.marcas.codename', 'timeZone']);
    const read = new Set<string>();
    const seen = recordingProfile(profile, read);
    void [seen.catalogKeys?.marcas?.codename, seen.catalogKeys?.marcas?.name, seen.timeZone, seen.$inferred];
    expect([...read]).toEqual(['catalogKeys', 'catalogKeys.marcas', 'catalogKeys.marcas.codename', 'catalogKeys.marcas.name', 'timeZone']);
    expect(inferredNote(inferredAmong(read, provenance))).toBe(
      ' — inferred by init: check catalogKeys.marcas.codename (unverified); inferred by this run (not in the profile): check timeZone',
    );
    expect(inferredNote(inferredAmong(['apps.primary'], provenance))).toBe('');
  });
});

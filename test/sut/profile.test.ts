import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProfileError, loadProfile, parseProfile, profileJsonSchema } from '../../sut/profile-load.ts';
import { secretsOf } from '../../sut/secrets.ts';
import type { ProfileInput } from '../../sut/profile.ts';

// The target profile: what the spec leaves open, described per target. A bad profile must say where.

const REFERENCE = fileURLToPath(new URL('../../profiles/reference.json', import.meta.url));

/** The smallest valid profile: only the required keys. */
const MINIMAL = {
  apps: { primary: { headers: { Authorization: 'Bearer p' } }, other: { headers: { Authorization: 'Bearer o' } } },
  topics: { inquiry: 'consultas', registration: 'agencias.registro', unavailable: 'facturacion' },
  templates: { webhookUpsert: { Url: '{{url}}' }, agenciaCreate: { AdminMail: '{{adminMail}}' }, agenciaEdit: {} },
  invitationDomain: 'example.test',
} satisfies ProfileInput;

/** MINIMAL with `value` at a dotted path; `undefined` removes the member. */
function withValue(path: string, value: unknown): unknown {
  const copy = structuredClone(MINIMAL) as Record<string, unknown>;
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>((o, k) => (o[k] ??= {}) as Record<string, unknown>, copy);
  if (value === undefined) delete parent[last];
  else parent[last] = value;
  return copy;
}

function profileErrorOf(action: () => unknown): ProfileError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(ProfileError);
    return error as ProfileError;
  }
  throw new Error('expected a ProfileError');
}

describe('profiles/reference.json', () => {
  it('loads', async () => {
    const profile = await loadProfile(REFERENCE, {});
    expect(profile.apps.primary.headers.Authorization).toMatch(/^Bearer /);
    expect(profile.apps.empty).toBeDefined();
    expect(profile.resendMaxAgeDays).toBe(30);
  });
});

describe('defaults', () => {
  it('fills every defaulted key of a minimal profile', () => {
    const profile = parseProfile(MINIMAL, {});
    expect(profile).toMatchObject({
      conditionalRequestHeader: 'If-None-Match',
      mediaTypeSelection: { header: 'Accept' },
      simulationHooks: null,
      fixtures: {},
      inquiryPageSize: 100,
      timeZone: 'UTC',
      catalogKeys: {},
      webhooks: { consultaPointer: null, signature: null, deliveryDeadlineMs: 5_000 },
    });
    expect(profile.resendMaxAgeDays).toBeUndefined();
    expect(profile.apps.empty).toBeUndefined();
    // Issue 28: choices the spec leaves open and no probe told are "not known", never a silent default.
    expect(profile.pastLastPage).toBeNull();
  });

  it('keeps explicit values over defaults', () => {
    const profile = parseProfile({ ...MINIMAL, inquiryPageSize: 25, simulationHooks: null, mediaTypeSelection: { query: 'format' } }, {});
    expect(profile).toMatchObject({ inquiryPageSize: 25, simulationHooks: null, mediaTypeSelection: { query: 'format' } });
  });
});

describe('${ENV} header references', () => {
  const withHeader = (value: string) => withValue('apps.primary.headers', { Authorization: value, 'X-App-Id': 'app-1' });

  it.each([
    ['Bearer ${VMP_TEST_TOKEN}', { VMP_TEST_TOKEN: 's3cret' }, 'Bearer s3cret'],
    ['${VMP_TEST_SCHEME} ${VMP_TEST_TOKEN}', { VMP_TEST_SCHEME: 'Basic', VMP_TEST_TOKEN: 'abc' }, 'Basic abc'],
    ['Bearer ${VMP_TEST_EMPTY}', { VMP_TEST_EMPTY: '' }, 'Bearer '],
    ['no reference', {}, 'no reference'],
  ])('%s resolves from the env argument', (value, env, resolved) => {
    const profile = parseProfile(withHeader(value), env);
    expect(profile.apps.primary.headers).toEqual({ Authorization: resolved, 'X-App-Id': 'app-1' });
  });

  it('a missing variable names the header', () => {
    // Set in process.env but not in the env argument: only the argument counts.
    process.env.VMP_TEST_ONLY_IN_PROCESS = 'x';
    try {
      const error = profileErrorOf(() => parseProfile(withHeader('Bearer ${VMP_TEST_ONLY_IN_PROCESS}'), {}));
      expect(error.field).toBe('apps.primary.headers.Authorization');
      expect(error.message).toMatch(/VMP_TEST_ONLY_IN_PROCESS/);
    } finally {
      delete process.env.VMP_TEST_ONLY_IN_PROCESS;
    }
  });

  it('secretsOf lists the resolved header values, then their secret parts and the substituted values', () => {
    const profile = parseProfile(withHeader('Bearer ${VMP_TEST_TOKEN}'), { VMP_TEST_TOKEN: 's3cret' });
    expect(secretsOf(profile)).toEqual(['Bearer s3cret', 'app-1', 'Bearer o', 's3cret']);
  });
});

/** Each bad profile and the dotted field its ProfileError must name. */
const BAD: Array<[what: string, profile: unknown, field: string]> = [
  ['unknown key at the root', { ...MINIMAL, bogus: 1 }, 'bogus'],
  ['unknown key in an app', withValue('apps.primary.token', 'x'), 'apps.primary.token'],
  ['unknown app', withValue('apps.third', { headers: {} }), 'apps.third'],
  ['unknown topic key', withValue('topics.billing', 'x'), 'topics.billing'],
  ['wrong type: page size as a string', { ...MINIMAL, inquiryPageSize: '100' }, 'inquiryPageSize'],
  ['wrong type: page size zero', { ...MINIMAL, inquiryPageSize: 0 }, 'inquiryPageSize'],
  ['wrong type: topic as a number', withValue('topics.inquiry', 42), 'topics.inquiry'],
  ['wrong type: header value as a number', withValue('apps.other.headers', { Authorization: 1 }), 'apps.other.headers.Authorization'],
  ['wrong type: fixtures.agency not an e-mail', withValue('fixtures.agency', 'admin'), 'fixtures.agency'],
  ['wrong type: an unknown time zone', { ...MINIMAL, timeZone: 'Mars/Olympus' }, 'timeZone'],
  ['wrong type: today not a date', { ...MINIMAL, today: '2026-02-30' }, 'today'],
  ['wrong type: a catalog key not a JSON pointer', withValue('catalogKeys.marcas', { name: 'Nombre' }), 'catalogKeys.marcas.name'],
  ['wrong type: an unknown signature scheme', withValue('webhooks', { signature: { scheme: 'rsa' } }), 'webhooks.signature.scheme'],
  ['missing: invitationDomain', withValue('invitationDomain', undefined), 'invitationDomain'],
  ['missing: topics.registration', withValue('topics.registration', undefined), 'topics.registration'],
  ['missing: apps.other', withValue('apps.other', undefined), 'apps.other'],
  ['missing: apps.primary credentials', withValue('apps.primary', {}), 'apps.primary'],
  ['missing: templates', withValue('templates', undefined), 'templates'],
  ['not an object at all', 42, '(root)'],
];

describe('bad profiles', () => {
  it.each(BAD)('%s → ProfileError at %s', (_, profile, field) => {
    const error = profileErrorOf(() => parseProfile(profile, {}));
    expect(error.field).toBe(field);
    expect(error.code).toBe('VMP_ERR_PROFILE');
    expect(error.message).toMatch(new RegExp(`^profile field ${field.replace(/[.()]/g, '\\$&')}: `));
  });
});

describe('loadProfile', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'vmp-profile-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it.each([
    ['a missing file', null, /cannot read .*ENOENT/],
    ['a file that is not JSON', '{ "apps": ', /is not JSON/],
  ] as const)('%s is a ProfileError on (file)', async (name, content, message) => {
    const file = join(dir, `${name.replace(/\W+/g, '-')}.json`);
    if (content !== null) await writeFile(file, content);
    const error = await loadProfile(file, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProfileError);
    expect(error).toMatchObject({ field: '(file)', message: expect.stringMatching(message) });
  });

  it('resolves references from the env argument', async () => {
    const file = join(dir, 'env.json');
    await writeFile(file, JSON.stringify(withValue('apps.primary.headers', { Authorization: 'Bearer ${VMP_TEST_TOKEN}' })));
    const profile = await loadProfile(file, { VMP_TEST_TOKEN: 't' });
    expect(profile.apps.primary.headers.Authorization).toBe('Bearer t');
  });
});

describe('profileJsonSchema', () => {
  it('is a JSON Schema object of the profile', () => {
    const schema = profileJsonSchema() as {
      $schema?: string;
      type?: string;
      properties?: Record<string, unknown>;
      required?: string[];
      additionalProperties?: unknown;
    };
    expect(schema.$schema).toMatch(/json-schema\.org/);
    expect(schema.type).toBe('object');
    expect(schema.additionalProperties).toBe(false);
    // The file's side: only the credentials are required; `run` infers or defaults the rest (issue 14).
    expect([...(schema.required ?? [])].sort()).toEqual(['apps']);
    expect(Object.keys(schema.properties ?? {})).toEqual(
      expect.arrayContaining(['apps', 'conditionalRequestHeader', 'mediaTypeSelection', 'topics', 'templates', 'timeZone', 'webhooks']),
    );
    expect(() => JSON.stringify(schema)).not.toThrow();
  });
});

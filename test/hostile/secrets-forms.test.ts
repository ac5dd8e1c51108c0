import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { redactFileInPlace } from '../../support/atomic-write.ts';
import { toCurl } from '../../sut/curl.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { redact, REDACTED } from '../../sut/redact.ts';
import { secretParts, secretsOf } from '../../sut/secrets.ts';
import { expectNoSecrets } from './support/no-secrets.ts';

// Issue 13, items 1–2, at the unit level: the curl line of a request whose credentials hold every awkward
// character, and every form a target or a report writer gives a secret.

const AWKWARD = [`it's`, `say "hi"`, 'back\\slash', 'two  spaces', '$HOME${X}', 'ñandú-€', 'a?b=c&d#e%2Ff+g/h'];

describe('curl lines', () => {
  it.each(AWKWARD)('never show the secret %j, quoted or not', async (secret) => {
    const curl = toCurl(
      {
        method: 'PUT',
        url: `https://t.example/v3/x?key=${encodeURIComponent(secret)}`,
        headers: { Authorization: `Bearer ${secret}`, 'X-Key': secret },
        body: JSON.stringify({ s: secret }),
      },
      [`Bearer ${secret}`, secret],
    );
    await expectNoSecrets({ texts: { curl } }, [secret]);
    expect(curl).toContain(`-H 'Authorization: ${REDACTED}'`);
  });
});

describe('redact', () => {
  it.each(AWKWARD)('finds %j raw, JSON-escaped (also \\u-escaped), percent-encoded (either hex case), as HTML and XML entities, shell-quoted', (secret) => {
    const forms = [
      secret,
      JSON.stringify(secret).slice(1, -1),
      JSON.stringify(secret)
        .slice(1, -1)
        .replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      encodeURIComponent(secret),
      encodeURIComponent(secret).replace(/%[0-9A-F]{2}/g, (m) => m.toLowerCase()),
      new URLSearchParams({ s: secret }).toString().slice(2),
      secret.replace(/&/g, '&amp;').replace(/'/g, '&#39;').replace(/"/g, '&quot;'),
      secret.replace(/&/g, '&amp;').replace(/'/g, '&apos;').replace(/"/g, '&quot;'),
      secret.replace(/'/g, `'\\''`),
    ];
    for (const form of forms) expect(redact(`before ${form} after`, [secret])).toBe(`before ${REDACTED} after`);
  });
});

describe('redact, binary forms (issue 27, item 4)', () => {
  const token = AWKWARD[6]!;
  const header = `Bearer ${token}`;
  const b64 = (s: string) => Buffer.from(s, 'utf8').toString('base64');
  const b64url = (s: string) => Buffer.from(s, 'utf8').toString('base64url');
  const forms = (s: string) => ({
    base64: b64(s),
    'base64 unpadded': b64(s).replace(/=+$/, ''),
    base64url: b64url(s),
    'base64url padded': b64(s).replace(/\+/g, '-').replace(/\//g, '_'),
    'base64 percent-encoded': encodeURIComponent(b64(s)),
    hex: Buffer.from(s, 'utf8').toString('hex'),
    HEX: Buffer.from(s, 'utf8').toString('hex').toUpperCase(),
  });

  it.each([header, token])('finds %j as base64, base64url (padded or not), percent-encoded base64 and hex in either case', (secret) => {
    for (const [name, form] of Object.entries(forms(secret))) {
      const text = `echo: ${form}; done`;
      expect(redact(text, [header, token]), name).toBe(`echo: ${REDACTED}; done`);
    }
  });

  it.each([0, 1, 2, 3, 4, 5])('finds a secret encoded inside a longer base64 text after %i bytes of something else', async (shift) => {
    const prefix = 'u:xyzw'.slice(0, shift);
    for (const encode of [b64, b64url]) {
      const text = `{"blob":"${encode(`${prefix}${token}{"more":true}`)}"}`;
      const clean = redact(text, [token]);
      expect(clean).toContain(REDACTED);
      await expectNoSecrets({ texts: { [`${encode.name} after ${shift}`]: clean } }, [token]);
      // What is left of the blob is at most the characters that straddle the secret's first and last byte.
      const [before, after] = clean.slice('{"blob":"'.length, -'"}'.length).split(REDACTED) as [string, string];
      expect(before.length).toBeLessThanOrEqual(Math.ceil((8 * shift) / 6) + 1);
      expect(after.length).toBeLessThanOrEqual(encode(`${prefix}${token}{"more":true}`).length - Math.floor((8 * (shift + Buffer.byteLength(token))) / 6) + 1);
    }
  });

  it('leaves ordinary text alone: no binary form shorter than 8 characters is looked for', () => {
    // "tok1" is 4 bytes: its base64 inside a longer text would be 5 characters, which words hold by chance.
    const text = `dG9rM appears in words; ${b64('tok1xx')} is another token; 746f6b is hex of "tok"`;
    expect(redact(text, ['tok1'])).toBe(text);
    expect(redact(`standalone ${b64('tok1')} and ${Buffer.from('tok1').toString('hex')}`, ['tok1'])).toBe(`standalone ${REDACTED} and ${REDACTED}`);
  });

  it('finds every form of many secrets at once (their expressions split in several)', () => {
    const many = Array.from({ length: 40 }, (_, i) => `secret-${i}-${'x'.repeat(20)}"'&<>`);
    const text = `${'lorem ipsum '.repeat(800)}${b64(many[39]!)} and ${encodeURIComponent(many[0]!)} and ${JSON.stringify(many[20])}`;
    expect(redact(text, many)).toBe(`${'lorem ipsum '.repeat(800)}${REDACTED} and ${REDACTED} and "${REDACTED}"`);
  });
});

describe('the secrets of a profile', () => {
  const profile = parseProfile(
    {
      apps: {
        primary: { headers: { Authorization: 'Bearer ${T}' } },
        other: { headers: { Authorization: `Basic ${Buffer.from("u:pa ss'wd").toString('base64')}` } },
      },
      topics: { inquiry: 'a', registration: 'b', unavailable: 'c' },
      templates: { webhookUpsert: { Url: '{{url}}', Secret: '${HOOK}' }, agenciaCreate: {}, agenciaEdit: {} },
      invitationDomain: 'example.test',
      webhooks: { signature: { scheme: 'standard-webhooks', secret: 'whsec_${SIGNING}' } },
    },
    { T: 'tok-123456', HOOK: 'hook-secret-9', SIGNING: 'c2lnbmluZy1rZXk=' },
  );

  it('are the whole credentials and their parts: the token, the Basic password, the signing key, every ${ENV} value', () => {
    expect(secretsOf(profile)).toEqual(
      expect.arrayContaining(['Bearer tok-123456', 'tok-123456', "u:pa ss'wd", "pa ss'wd", 'whsec_c2lnbmluZy1rZXk=', 'c2lnbmluZy1rZXk=', 'hook-secret-9']),
    );
    expect(profile.templates.webhookUpsert).toEqual({ Url: '{{url}}', Secret: 'hook-secret-9' });
  });

  it('never show the values substituted for ${ENV} in JSON', () => {
    expect(JSON.stringify(profile)).not.toContain('"tok-123456"');
    expect(secretParts('Bearer')).toEqual([]);
    expect(secretParts('ApiKey  k e y')).toEqual(['k e y']);
  });
});

describe('a file written live (the capture JSONL)', () => {
  it('is redacted in place, line by line, leaving no temporary file', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'vmp-hostile-jsonl-'));
    const file = path.join(dir, 'deliveries.jsonl');
    const secret = AWKWARD[1]!;
    await writeFile(file, `${JSON.stringify({ n: 1, echo: `token ${secret}` })}\n${JSON.stringify({ n: 2 })}\n`);
    await redactFileInPlace(file, (line) => redact(line, [secret]));
    await expectNoSecrets({ dirs: [dir] }, [secret]);
    const text = await readFile(file, 'utf8');
    expect(
      text
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as unknown),
    ).toEqual([{ n: 1, echo: `token ${REDACTED}` }, { n: 2 }]);
    expect(await readdir(dir)).toEqual(['deliveries.jsonl']);
    await expect(redactFileInPlace(path.join(dir, 'missing.jsonl'), (l) => l)).resolves.toBeUndefined();
  });
});

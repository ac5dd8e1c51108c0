import { afterEach, describe, expect, it } from 'vitest';
import { TargetClient } from '../../sut/client.ts';
import { parseDraftProfile, parseProfile, ProfileError } from '../../sut/profile-load.ts';
import { secretsOf } from '../../sut/secrets.ts';
import { tinyServer, type TinyServer } from './tiny-server.ts';

// Issue 14, credentials as query parameters ("header or parameter names … not shown"): apps.*.query values are
// sent with every request of their app, never with another app's or an unauthenticated one, and are secrets:
// a URL or a curl line shows them redacted, whatever encoding they travel in.

const SECRET = 'k3y/with space&amp=+ü';
const PROFILE = parseProfile(
  {
    apps: { primary: { query: { api_key: '${VMP_Q_PRIMARY}' } }, other: { headers: { 'X-Key': 'other-key-1234' }, query: { tenant: 'acme' } } },
    topics: { inquiry: 'a', registration: 'b', unavailable: 'c' },
    templates: { webhookUpsert: { Url: '{{url}}' }, agenciaCreate: { AdminMail: '{{adminMail}}' }, agenciaEdit: {} },
    invitationDomain: 'example.test',
  },
  { VMP_Q_PRIMARY: SECRET },
);

let server: TinyServer | undefined;
afterEach(async () => server?.close());

describe('apps.*.query credentials', () => {
  it('are sent by their app only, and redacted from the URL and the curl line in every encoding', async () => {
    server = await tinyServer((_req, socket) => socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-type: application/json\r\n\r\n{}'));
    const client = new TargetClient({ baseUrl: server.url, profile: PROFILE, secrets: secretsOf(PROFILE) });
    try {
      const primary = await client.send({ method: 'GET', path: '/v3/agencias', query: { operador: 'x@y.example' } });
      await client.send({ method: 'GET', path: '/v3/agencias', app: 'other' });
      await client.send({ method: 'GET', path: '/v3', app: null });
      expect(new URL(`http://h${server.requests[0]!.split(' ')[1]}`).searchParams.get('api_key')).toBe(SECRET);
      expect(server.requests[1]).toContain('tenant=acme');
      expect(server.requests[1]).not.toContain('api_key');
      expect(server.requests[2]).toBe('GET /v3');
      const shown = JSON.stringify(primary.exchange);
      for (const form of [SECRET, encodeURIComponent(SECRET), new URLSearchParams({ k: SECRET }).toString().slice(2)]) expect(shown).not.toContain(form);
      expect(primary.exchange.url).toContain('api_key=<redacted>');
      expect(primary.exchange.curl).toContain('api_key=<redacted>');
    } finally {
      await client.close();
    }
  });

  it('an app needs headers or query parameters', () => {
    expect(() => parseDraftProfile({ apps: { primary: {}, other: { query: { k: 'v' } } } })).toThrow(ProfileError);
    expect(() => parseDraftProfile({ apps: { primary: { query: { k: 'v' } }, other: { headers: { A: 'b' } } } })).not.toThrow();
  });
});

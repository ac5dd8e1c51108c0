import { afterEach } from 'vitest';
import { TargetClient } from '../../sut/client.ts';
import { parseProfile } from '../../sut/profile-load.ts';
import { tinyServer, type TinyHandler, type TinyServer } from './tiny-server.ts';

// A TargetClient aimed at a tiny server, both closed after each test: the transport tests' fixture.

export const TINY_PROFILE = parseProfile({
  apps: { primary: { headers: { Authorization: 'Bearer p' } }, other: { headers: { Authorization: 'Bearer o' } } },
  topics: { inquiry: 'consultas', registration: 'agencias.registro', unavailable: 'facturacion' },
  templates: { webhookUpsert: { Url: '{{url}}' }, agenciaCreate: { AdminMail: '{{adminMail}}' }, agenciaEdit: {} },
  invitationDomain: 'example.test',
});

const open: { server: TinyServer; client: TargetClient }[] = [];

/** Registers the afterEach that closes every target a test opened; call once at the top of a test file. */
export function closeTargetsAfterEach(): void {
  afterEach(async () => {
    for (const { server, client } of open.splice(0)) {
      await client.close();
      await server.close();
    }
  });
}

export async function tinyTarget(handler: TinyHandler, o: { timeoutMs: number; maxBodyBytes?: number }): Promise<{ server: TinyServer; client: TargetClient }> {
  const server = await tinyServer(handler);
  const client = new TargetClient({ baseUrl: server.url, profile: TINY_PROFILE, secrets: ['Bearer p'], ...o });
  open.push({ server, client });
  return { server, client };
}

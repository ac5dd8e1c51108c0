import { createInquiryGenerator } from '../generators/inquiry.ts';
import { consultaInput } from '../models/index.ts';
import { callEndpoint } from '../sut/call.ts';
import { TargetClient } from '../sut/client.ts';
import type { RunDeadline } from '../sut/deadline.ts';
import { discover } from '../sut/discovery.ts';
import type { AdapterHooks } from '../sut/hooks-profile.ts';
import { clientHooks } from '../sut/hooks/hooks-adapter.ts';
import { templateParams } from '../sut/hrefs.ts';
import { provisional } from '../sut/infer/infer.ts';
import type { DraftProfile } from '../sut/profile.ts';
import { secretsOf } from '../sut/secrets.ts';
import type { TransportSettings } from '../sut/transport.ts';
import { TargetError, UsageError } from '../support/errors.ts';

// `init --hooks-command` / `--hooks-http`: the target's own inquiry hook, tried once before it is written. It makes
// one inquiry for an agency of the primary app, which must then be readable by its sid (Endpoints: GET
// /v3/consultas/{adminMail}/{sid}). A command's output is read as a sid, and as a URI when GET by that sid finds
// nothing but the output names /v3/consultas/{adminMail}/{sid} (a probe tells the two readings apart). A hook
// that fails is exit 2 naming it; a target init cannot reach to read the inquiry back is exit 3.

export interface VerifyHooksOptions {
  baseUrl: string;
  /** The profile as init knows it, simulationHooks resolved (`${ENV}` substituted). */
  draft: DraftProfile;
  /** The target's own hooks given, resolved. */
  hooks: AdapterHooks;
  timeoutMs: number;
  deadline?: RunDeadline;
  transport?: TransportSettings;
  runId: string;
  /** The flag that gave the hook, for the error line. */
  flag: string;
}

export interface VerifiedHooks {
  /** The hooks as they are to be written: a command's `prints` as the probe told it. */
  prints?: 'sid' | 'location';
  /** How it was verified, for $comment and the console. */
  how: string;
}

export async function verifyHooks(o: VerifyHooksOptions): Promise<VerifiedHooks> {
  const client = new TargetClient({
    baseUrl: o.baseUrl,
    profile: provisional(o.draft),
    timeoutMs: o.timeoutMs,
    secrets: secretsOf(o.draft),
    ...(o.transport ? { transport: o.transport } : {}),
    ...(o.deadline ? { deadline: o.deadline } : {}),
  });
  try {
    const fixtures = await discover(client);
    if (fixtures.agency === undefined) throw new UsageError(`init: ${o.flag} cannot be verified: ${fixtures.missing.agency}`);
    const adminMail = fixtures.agency;
    const consulta = consultaInput('strict').parse(createInquiryGenerator({ seed: 1, unshownTypes: 'null' }).next(Date.now()));
    consulta.Interesado.Email = `${o.runId}-hook@${o.draft.invitationDomain ?? 'example.test'}`.toLowerCase();
    const inquiry = o.hooks.inquiry;
    const command = 'command' in inquiry ? inquiry.command : undefined;
    // A command is first read as printing a sid; the probe below tells a URI apart.
    const hooks: AdapterHooks = command ? { ...o.hooks, inquiry: { command: { ...command, prints: 'sid' } } } : o.hooks;
    const answer = await clientHooks(hooks, client, o.runId).inquiry({ app: 'primary', adminMail, consulta });
    if (!answer.done) {
      const got = answer.res.status ?? answer.res.exchange.error;
      const why = `init: ${o.flag}: expected ${answer.problem}${got !== undefined ? `; got ${got}` : ''}`;
      throw answer.res.error && answer.res.error.code !== 'VMP_ERR_TIMEOUT'
        ? new TargetError(`${why}: check that the hook's URL is reachable`)
        : new UsageError(why);
    }
    const read = (sid: string) => callEndpoint(client, 'consultas-get', { params: { adminMail, sid }, form: 'json' });
    let sid = answer.sid!;
    let res = await read(sid);
    let prints: VerifiedHooks['prints'] = command ? 'sid' : undefined;
    const named = command ? templateParams(sid, 'consultas-get') : undefined;
    if (res.status !== 200 && named?.sid) {
      sid = named.sid;
      prints = 'location';
      res = await read(sid);
    }
    if (res.error) throw new TargetError(`init: ${o.flag}: reading the inquiry it made back failed: ${res.exchange.error}`);
    if (res.status !== 200)
      throw new UsageError(
        `init: ${o.flag}: the hook succeeded, but GET /v3/consultas/${adminMail}/${sid} answered ${res.status}, not 200: it made no inquiry the app can read`,
      );
    return { ...(prints ? { prints } : {}), how: `verified: it made an inquiry for ${adminMail}, read back with GET /v3/consultas/{adminMail}/${sid} (200)` };
  } finally {
    await client.close();
  }
}

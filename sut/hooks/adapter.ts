import type { SendRequest, TargetResponse } from '../client.ts';
import type { AppName, Profile } from '../profile.ts';
import type { TransportSettings } from '../transport.ts';
import { templateParams } from '../hrefs.ts';

// What the suites, init and simulate ask of the simulation hooks: make an inquiry arrive for an agency, complete
// the invitation of an AdminMail. Behind it, one implementation per way a target offers them: this tool's hook
// contract (builtin.ts), an HTTP request template (http-template.ts), a command (command.ts). Every answer says
// whether it was done, and why not in one line, with the exchange (or the command's record) as evidence.

export interface InquiryOrder {
  app: AppName;
  adminMail: string;
  /** A Consulta without _links (Resources > Consulta). */
  consulta: unknown;
}

export interface RegistrationOrder {
  app: AppName;
  adminMail: string;
}

export interface HookAnswer {
  done: boolean;
  /** The created inquiry's sid (an inquiry hook that is done). */
  sid?: string;
  /** The created inquiry's URI, as the hook gave it; absent when it gives a sid only. */
  location?: string;
  /** When not done: what the hook was to do and what it did instead, one line, secrets redacted. */
  problem?: string;
  /** Evidence: the HTTP exchange, or a command's run in the same shape (its argv as the curl line). */
  res: TargetResponse;
}

export type HookAction<O> = (order: O) => Promise<HookAnswer>;

export interface HooksAdapter {
  /** How the hooks are reached, for the console: "POST /_sim/…", "the command node make.mjs". */
  readonly describe: string;
  /** Whether an inquiry's answer always carries its URI (the built-in contract promises a Location). */
  readonly givesLocation: boolean;
  inquiry: HookAction<InquiryOrder>;
  registration: HookAction<RegistrationOrder>;
}

/** What an adapter sends with: the run's client settings, and (relative built-in hooks) the run's own send. */
export interface HookDeps {
  baseUrl: string;
  profile: Profile;
  timeoutMs: number;
  maxBodyBytes?: number;
  secrets: readonly string[];
  transport?: TransportSettings;
  runId: string;
  /** Sends a request relative to the base URL as the run does (recorded like any of its requests). */
  send: (req: SendRequest) => Promise<TargetResponse>;
}

/**
 * An inquiry hook's result told from the sid and URI it gave: a URI alone names its sid by the consultas-get
 * template (Endpoints: /v3/consultas/{adminMail}/{sid}); neither is a problem.
 */
export function inquiryAnswer(res: TargetResponse, got: { sid?: string; location?: string }, what: string): HookAnswer {
  const sid = got.sid ?? (got.location !== undefined ? templateParams(got.location, 'consultas-get')?.sid : undefined);
  if (sid !== undefined && sid !== '') return { done: true, sid, ...(got.location !== undefined ? { location: got.location } : {}), res };
  const problem =
    got.location !== undefined
      ? `${what} to give the created inquiry's URI, but ${got.location} is no /v3/consultas/{adminMail}/{sid}`
      : `${what} to give the created inquiry's sid or URI, but it gave neither (printed or answered nothing that names one)`;
  return { done: false, problem, res };
}

export const notDone = (res: TargetResponse, problem: string): HookAnswer => ({ done: false, problem, res });

import { endpoint, expandPath } from '../../models/index.ts';
import type { AdapterHooks, CommandHook, HookAction as ActionSpec } from '../hooks-profile.ts';
import {
  inquiryAnswer,
  notDone,
  type HookAction,
  type HookAnswer,
  type HookDeps,
  type HooksAdapter,
  type InquiryOrder,
  type RegistrationOrder,
} from './adapter.ts';
import { commandCall, describeCommand } from './command.ts';
import { describeHttp, httpCall, httpGivesLocation } from './http-template.ts';
import type { HookValues } from './placeholders.ts';
import { exchangeRecord } from './record.ts';

// The target's own hooks (profile simulationHooks as an object): each action an HTTP request template or a
// command, by the table below. An inquiry action gives the created inquiry's sid or URI; a registration action
// is done when it succeeds. A hook that timed out or could not be reached is not tried again in this process:
// every later call gives the same reason at once (Principle 6: one hung hook costs one timeout, not one per check).

/** What one call of an action gave: its evidence, whether it succeeded, and what it printed or answered. */
export interface CallResult {
  res: HookAnswer['res'];
  /** Why it did not succeed (a non-2xx answer, an exit status, a timeout), as the end of a sentence. */
  failed?: string;
  /** Whether later calls would fail the same way (a timeout, no connection, no such program). */
  lasting?: boolean;
  /** The created inquiry's sid and URI, as the action's answer gives them. */
  got: { sid?: string; location?: string };
}

type Kind = 'http' | 'command';
interface Implementation {
  call(spec: never, values: HookValues, deps: HookDeps): Promise<CallResult>;
  describe(spec: never): string;
  /** Whether a created inquiry's URI is always part of what it gives. */
  givesLocation(spec: never): boolean;
}
const KINDS: Record<Kind, Implementation> = {
  http: { call: httpCall, describe: describeHttp, givesLocation: httpGivesLocation },
  command: { call: commandCall, describe: describeCommand, givesLocation: (spec: CommandHook) => spec.prints === 'location' },
};

const kindOf = (spec: ActionSpec): Kind => ('http' in spec ? 'http' : 'command');
const specOf = (spec: ActionSpec): never => ('http' in spec ? spec.http : spec.command) as never;

/** Reasons a hook will fail again, by run and profile entry (by value: a check may read the profile through a proxy of its own). */
const gaveUp = new Map<string, string>();

function action<O extends RegistrationOrder>(
  spec: ActionSpec,
  deps: HookDeps,
  values: (o: O) => HookValues,
  judge: (r: CallResult, what: string) => HookAnswer,
): HookAction<O> {
  const kind = KINDS[kindOf(spec)];
  const what = kind.describe(specOf(spec));
  const key = `${deps.runId}\n${JSON.stringify(spec)}`;
  return async (order) => {
    const given = gaveUp.get(key);
    if (given !== undefined) return notDone(exchangeRecord({ what, skipped: `not run again: earlier ${given}`, secrets: deps.secrets }), `${what} to succeed`);
    const result = await kind.call(specOf(spec), values(order), deps);
    if (result.failed !== undefined) {
      if (result.lasting) gaveUp.set(key, result.failed);
      // What went wrong is the evidence's (its status, or the command's error), which every caller shows after this.
      return notDone(result.res, `${what} to succeed`);
    }
    return judge(result, what);
  };
}

const common = (deps: HookDeps, o: RegistrationOrder): HookValues => ({
  adminMail: o.adminMail,
  agencia: expandPath(endpoint('agencias-get').path, { adminMail: o.adminMail }),
  app: o.app,
  baseUrl: deps.baseUrl,
  runId: deps.runId,
});

const missing =
  (res: HookAnswer['res']): HookAction<RegistrationOrder> =>
  async () =>
    notDone(res, 'a registration hook in the profile (simulationHooks.registration is not given)');

export function ownHooks(hooks: AdapterHooks, deps: HookDeps): HooksAdapter {
  const inquiry = action<InquiryOrder>(
    hooks.inquiry,
    deps,
    (o) => ({ ...common(deps, o), consulta: o.consulta }),
    (r, what) => inquiryAnswer(r.res, r.got, what),
  );
  const registration = hooks.registration
    ? action<RegistrationOrder>(
        hooks.registration,
        deps,
        (o) => common(deps, o),
        (r) => ({ done: true, res: r.res }),
      )
    : missing(exchangeRecord({ what: 'simulationHooks.registration', skipped: 'not given', secrets: deps.secrets }));
  return {
    describe: KINDS[kindOf(hooks.inquiry)].describe(specOf(hooks.inquiry)),
    givesLocation: KINDS[kindOf(hooks.inquiry)].givesLocation(specOf(hooks.inquiry)),
    inquiry,
    registration,
  };
}

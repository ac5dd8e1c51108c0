import type { SimulationHooks } from '../hooks-profile.ts';
import type { TargetClient } from '../client.ts';
import type { HookDeps, HooksAdapter } from './adapter.ts';
import { builtinHooks } from './builtin.ts';
import { ownHooks } from './own-hooks.ts';

export type { HookAnswer, HookDeps, HooksAdapter, InquiryOrder, RegistrationOrder } from './adapter.ts';

/** The adapter for the profile's simulationHooks (null has none): a base is this tool's contract, an object the target's own. */
export function hooksAdapter(hooks: NonNullable<SimulationHooks>, deps: HookDeps): HooksAdapter {
  return typeof hooks === 'string' ? builtinHooks(hooks, deps) : ownHooks(hooks, deps);
}

/** The adapter sending as `client` does (its base URL, profile, caps and secrets): for init and simulate. */
export function clientHooks(hooks: NonNullable<SimulationHooks>, client: TargetClient, runId: string): HooksAdapter {
  return hooksAdapter(hooks, {
    baseUrl: client.baseUrl,
    profile: client.profile,
    timeoutMs: client.timeoutMs,
    maxBodyBytes: client.maxBodyBytes,
    secrets: client.secrets,
    ...(client.transport ? { transport: client.transport } : {}),
    runId,
    send: (req) => client.send(req),
  });
}

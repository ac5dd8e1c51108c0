import { TargetClient, type SendRequest, type TargetResponse } from '../client.ts';
import type { HookDeps } from './adapter.ts';

/**
 * Sends `req` to another origin than the base URL (an absolute hooks URL) on a client of its own, with the run's
 * credentials, caps and redaction, and the given wait.
 */
export async function sendOwn(deps: HookDeps, origin: string, req: SendRequest, timeoutMs = deps.timeoutMs): Promise<TargetResponse> {
  const own = new TargetClient({
    baseUrl: origin,
    profile: deps.profile,
    timeoutMs,
    ...(deps.maxBodyBytes !== undefined ? { maxBodyBytes: deps.maxBodyBytes } : {}),
    secrets: deps.secrets,
    ...(deps.transport ? { transport: deps.transport } : {}),
  });
  try {
    return await own.send(req);
  } finally {
    await own.close();
  }
}

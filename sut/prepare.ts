import { checkReachable, CredentialsRejectedError, TargetUnreachableError } from './reachability.ts';
import type { TargetClient } from './client.ts';
import { discover, type Fixtures } from './discovery.ts';
import { TargetError, VmpError } from '../support/errors.ts';

// What every command that talks to a target does first (run, simulate, load, replay): reach it, then discover.

/**
 * Exit code 3 when no connection can be made to the target or it rejects the credentials; otherwise the
 * fixtures discovery found, with the rules its exchanges broke and the fixtures it could not find (the run
 * fails those rules and skips the checks that need those fixtures: exit 1 or 0, never 3).
 */
export async function prepareTarget(client: TargetClient): Promise<Fixtures> {
  try {
    await checkReachable(client);
    return await discover(client);
  } catch (error) {
    if (error instanceof TargetUnreachableError || error instanceof CredentialsRejectedError) throw new TargetError(error.message);
    throw error;
  } finally {
    await client.close();
  }
}

/** A command that cannot work without an agency of the primary app (simulate, load): exit 1 naming why there is none. */
export function fixtureAgency(fixtures: Fixtures, command: string): string {
  if (fixtures.agency !== undefined) return fixtures.agency;
  throw new VmpError(`${command} needs an agency of the primary app: ${fixtures.missing.agency ?? 'none was found'}`, 'VMP_ERR_NO_AGENCY');
}

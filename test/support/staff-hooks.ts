import { fileURLToPath } from 'node:url';
import { startReferenceServer, type ReferenceServer } from '../../reference/server.ts';
import { loadProfile } from '../../sut/profile-load.ts';
import { REFERENCE_PROFILE } from './sim-target.ts';

// A server without this tool's hooks where a run would look, and with its own way to make an inquiry arrive and to
// complete a registration (issue 29 item 10): the reference server with its hooks moved to a private path, /_staff,
// that no profile of a run names, reached by a team's shell script (test/fixtures/hooks/staff-hook.sh). The script
// reads each app's credentials from STAFF_AUTH_PRIMARY and STAFF_AUTH_OTHER (staffCredentials sets them).

const SHELL = fileURLToPath(new URL('../fixtures/hooks/staff-hook.sh', import.meta.url));

/** What the script does: `ok`; or, as an adapter mutant, `lie` (exit 0, nothing done) or `other-app` (done as the other app). */
export type StaffMode = 'ok' | 'lie' | 'other-app';

/** A command hook (profile simulationHooks.inquiry or .registration) running the script: one sh and one curl a call. */
export const shellHook = (mode: StaffMode, action: 'inquiry' | 'registration') => ({
  command: {
    argv: ['sh', SHELL, mode, action, '{{baseUrl}}', '{{app}}', '{{adminMail}}', ...(action === 'inquiry' ? ['{{consulta}}'] : [])],
    ...(action === 'inquiry' ? { prints: 'location' } : {}),
  },
});

/** Both hooks through the script. */
export const shellHooks = (inquiry: StaffMode, registration: StaffMode = inquiry) => ({
  inquiry: shellHook(inquiry, 'inquiry'),
  registration: shellHook(registration, 'registration'),
});

/** The script's credentials in the environment, from the reference profile. */
export async function staffCredentials(): Promise<void> {
  const reference = await loadProfile(REFERENCE_PROFILE);
  process.env.STAFF_AUTH_PRIMARY = reference.apps.primary.headers.Authorization;
  process.env.STAFF_AUTH_OTHER = reference.apps.other.headers.Authorization;
}

/** A fresh test server: the reference server with its hooks at /_staff. */
export async function startStaffServer(): Promise<ReferenceServer> {
  return startReferenceServer({ profile: { ...(await loadProfile(REFERENCE_PROFILE)), simulationHooks: '/_staff' } });
}

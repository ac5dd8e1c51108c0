import { registerEntryChecks } from './consultas/entries.ts';
import { registerFilterChecks } from './consultas/filters.ts';
import { listWalks, registerListChecks } from './consultas/list.ts';
import { registerPeriodChecks } from './consultas/period.ts';
import { registerResendChecks } from './consultas/resend.ts';
import { PageWalker } from './harness/pages.ts';
import { webhookSession } from './harness/webhook-session.ts';

// Endpoints > Consultas and Resources and their fields > Paged list envelope and Consulta: every page of the
// fixture agency's inquiry list, in the full and the reference form, its filters, GET by sid and resendwebhook.
// One walker per file: the checks share the pages they read; only the resend checks, registered last, may add
// an inquiry (when the agency has none of the age they need).

const walker = new PageWalker();
// The resend checks point the inquiry topic at the run's capture server; it is restored in afterAll.
const session = webhookSession();
const walks = listWalks(walker);

registerListChecks(walks);
registerPeriodChecks(walks, walker);
registerFilterChecks(walks, walker);
registerEntryChecks(walks);
registerResendChecks(walker, session);

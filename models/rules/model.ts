import { rule } from '../rule.ts';

// Issue 21: rules that are views on the executable model of the spec (suites/model/): the scope matrix (every row
// that names an agency, inquiry or topic × calling app × whose resource it is), refused writes and their
// neighbours read back, the filters' selections, and fast-check command sequences over both apps. Each is judged
// wherever the model run met an instance of it; see docs/verdicts.md.
const AU = 'Authentication';
const EV = 'Events';
const CO = 'Endpoints > Consultas';

export const MODEL_RULES = [
  rule(
    'scoping/agency-reads',
    'must',
    AU,
    "a read that names an agency answers its success to an app the agency is associated with, and the row's 404 to any other app: for another app's agency, one dissociated from the app, one that does not exist",
  ),
  rule(
    'scoping/agency-modifications',
    'must',
    AU,
    "a modifying row that names an agency answers 403 to an app the agency is not associated with: for another app's agency, one dissociated from the app, one that does not exist",
  ),
  rule(
    'scoping/lookup-by-id',
    'must',
    CO,
    'an inquiry looked up by its sid under an agency that is not its own is not found (404), on GET and on resendwebhook',
  ),
  rule(
    'scoping/agencias-list',
    'must',
    AU,
    "an app's agency list shows the agencies associated with it, and none another app has or that was dissociated from it",
    'agencias-list',
  ),
  rule(
    'scoping/filters-within-app',
    'must',
    AU,
    "a filter stays within the calling app: agencias?operador lists only the app's agencies; an inquiry filter with another agency's external id or operator lists none of that agency's inquiries",
  ),
  rule(
    'scoping/topics-per-app',
    'must',
    EV,
    "each app's webhook topics are its own: a topic only another app configured reads, replaces and removes as never configured (404), and POST configures the caller's own",
  ),
  rule(
    'scoping/inquiries-of-app',
    'must',
    'What the service does',
    "in an agency associated with two apps, each app sees only the inquiries its own publications received: another app's is not found by its sid (404, on GET and resend) and is in none of its lists, whatever the filter",
  ),
  rule('scoping/webhook-delivery', 'must', EV, "an event of an app's agency is delivered to that app's callback, never to another app's"),
  rule(
    'model/refused-write-unchanged',
    'must',
    'Errors > Status codes',
    'a refused write (403, 404, 409) changes nothing: the owner and the caller read afterwards what they read before',
  ),
  rule(
    'model/write-neighbours-unchanged',
    'must',
    AU,
    "a write changes only what it names: the app's other topics and agencies, and the other apps' views, read as before",
  ),
  rule(
    'model/inquiry-selection',
    'must',
    CO,
    "an inquiry filter selects what the spec makes of the inquiries the model saw: externalid exactly the publication's, desde/hasta exactly the days', operador at least the collaborator's own and at most the agency's; Total, and pages as full as PerPagina allows, to match",
    'consultas-list',
  ),
  rule(
    'model/command-sequences',
    'must',
    AU,
    'any sequence of operations of both apps (topics, invitations, registrations, agency reads and changes, inquiries, lists) answers as the model of the spec predicts',
  ),
  rule(
    'model/forms-agree',
    'must',
    'Resources and their fields > Conventions',
    "every read of the model run, asked in each form its row lists, answers alike: the reference form carries exactly the full form's entries (as many, the same page, Total and period), each a link object with href and title, a Consulta's title holding its buyer e-mail, make, model and external id",
  ),
];

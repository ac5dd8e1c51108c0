import { rule } from '../rule.ts';

// Endpoints > Consultas, resendwebhook: "202 with header Location (URI of the webhook callback)". Checked with
// the app's inquiry topic configured by the run (issue 12 §3): the callback is then the URL the run gave.
export const PRECONDITION_RULES = [
  rule(
    'events/resend-location-is-callback',
    'must',
    'Endpoints > Consultas',
    "resendwebhook's Location is the callback URL configured for the app's inquiry topic",
    'consultas-resend',
  ),
];

import { badRequest, endpoint, forbidden, notFound, type ResponseSpec } from '../../models/index.ts';

// The statuses the model predicts, read from the endpoint catalog (models/endpoints/, one source of truth) by
// what each documented response is for, never written here as numbers: the row's success; for an agency that
// "does not exist for the app" (Authentication) the row's not-found answer on reads and its forbidden answer on
// "modifying operations that name the agency"; the row's not-found answer for an inquiry or a topic that does not
// exist for the app; POST of a topic not available (forbidden) or already configured (conflict).

export type Outcome = 'success' | 'absentAgency' | 'notFound' | 'forbidden' | 'conflict' | 'invalid';

const VALIDATION = badRequest().status;

/** How each outcome is found among a row's documented responses (Errors > Status codes: what each carries). */
const FINDERS: Record<Exclude<Outcome, 'success' | 'absentAgency'>, (r: ResponseSpec) => boolean> = {
  // 404: "agency, inquiry, body style, city, color or webhook does not exist (no body defined)".
  notFound: (r) => r.body === 'undefined-body',
  // 403: "no permission over the agency, agency does not exist for the app on some operations, or topic not available".
  forbidden: (r) => r.body === 'problem',
  // 409: the validation problem a row lists besides the preamble's 400.
  conflict: (r) => r.body === 'validation-problem' && r.status !== VALIDATION,
  invalid: (r) => r.status === VALIDATION,
};

/**
 * Authentication, for an operation whose responses no row shows (OPTIONS on the agency URI): "An agency that does
 * not exist for the app is answered as not found (404) or, on modifying operations that name the agency, as
 * forbidden (403)".
 */
const ABSENT_AGENCY = { read: notFound('agency does not exist for the app'), modify: forbidden('agency does not exist for the app') };

/** The status of `outcome` on the row `endpointId`; throws when the row documents no such answer (a model bug). */
export function statusOf(endpointId: string, outcome: Outcome): number {
  const e = endpoint(endpointId);
  if (outcome === 'success') return e.success.status;
  if (outcome === 'absentAgency' && e.othersNotShown) return ABSENT_AGENCY[e.scoping === 'agency-modify' ? 'modify' : 'read'].status;
  const wanted = outcome === 'absentAgency' ? (e.scoping === 'agency-modify' ? 'forbidden' : 'notFound') : outcome;
  const found = e.others.find(FINDERS[wanted]);
  if (!found) throw new Error(`the row ${endpointId} documents no ${outcome} answer`);
  return found.status;
}

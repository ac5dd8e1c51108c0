import { documentedStatuses, type Endpoint } from '../../models/index.ts';

// What "accepted" and "rejected" mean for one endpoint, from its documented codes alone.

/** Where the endpoint documents 400, invalid input is a 400; otherwise its documented refusals (404/403). */
export function rejectionStatuses(e: Endpoint): number[] {
  const codes = e.others.map((o) => o.status);
  return codes.includes(400) ? [400] : codes.filter((s) => s >= 400);
}

/** A valid value may still name nothing (404) or be refused (403/409), but never be a 400. */
export function acceptanceStatuses(e: Endpoint): number[] {
  return documentedStatuses(e).filter((s) => s !== 400 && s !== 304);
}

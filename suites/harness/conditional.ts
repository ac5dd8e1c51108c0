import type { Check } from './check.ts';

// Endpoints > Home: "The request header that triggers 304: not shown". The profile names it; null when init found
// none (issue 21): the checks that need it skip, rather than judge a header the target never read.

/** The profile's conditional request header, or a skip saying it is not known. */
export function conditionalHeader(c: Check): string {
  const header = c.ctx.profile.conditionalRequestHeader;
  if (header === null) c.skip('the profile names no conditionalRequestHeader (null): which request header triggers 304 is not shown');
  return header;
}

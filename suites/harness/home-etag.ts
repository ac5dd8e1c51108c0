import type { Check } from './check.ts';

/**
 * The ETag GET /v3 gives in the json form, to send back in a conditional request: a precondition of the checks
 * that send it (whether it is there and well-formed is home/etag-present's to judge).
 */
export async function homeEtag(c: Check): Promise<string> {
  const first = await c.send('home', { form: 'json' });
  c.givenStatus(first, 200, 'GET /v3');
  return c.givenPresent(first.headers.etag || undefined, 'an ETag header to send back (see home/etag-present)', first);
}

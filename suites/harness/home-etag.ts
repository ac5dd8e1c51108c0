import type { MediaForm } from '../../models/index.ts';
import type { Check } from './check.ts';

/**
 * The ETag GET /v3 gives in `form` (json unless named), to send back in a conditional request: a precondition of the checks
 * that send it (whether it is there and well-formed is home/etag-present's to judge).
 */
export async function homeEtag(c: Check, form: MediaForm = 'json'): Promise<string> {
  const first = await c.send('home', { form });
  c.givenStatus(first, 200, `GET /v3 (${form})`);
  return c.givenPresent(first.headers.etag || undefined, 'an ETag header to send back (see home/etag-present)', first);
}

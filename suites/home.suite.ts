import { PROBLEM_MEDIA_TYPE, representationModel } from '../models/index.ts';
import { check } from './harness/check.ts';

// Endpoints > Home: GET /v3 answers 200 EntryPoints with an ETag; the conditional request answers 304.

check('home/etag-present', async (c) => {
  const res = await c.send('home', { form: 'json' });
  c.expectStatus(res, 200);
  c.expect(typeof res.headers.etag === 'string' && res.headers.etag !== '', 'an ETag header', res);
});

check('home/etag-304', async (c) => {
  const first = await c.send('home', { form: 'json' });
  const etag = c.present(first.headers.etag, 'an ETag header to send back', first);
  const header = c.ctx.profile.conditionalRequestHeader;
  const second = await c.send('home', { form: 'json', headers: { [header]: etag } });
  c.expectStatus(second, 304, `${header}: the ETag just received`);
});

check('home/304-no-body', async (c) => {
  const first = await c.send('home', { form: 'json' });
  const etag = c.present(first.headers.etag, 'an ETag header to send back', first);
  const header = c.ctx.profile.conditionalRequestHeader;
  // Read unframed: a client stops at a 304's header block, so a body sent after it would go unseen. The same
  // media type as the first: a default without one is not shown, and each type may have its own ETag.
  const second = await c.send('home', { form: 'json', headers: { [header]: etag }, unframed: true });
  if (second.status !== 304) c.skip(`the conditional request answered ${second.status}, not 304 (see home/etag-304)`);
  c.expect(second.text === '', `no body with 304, not ${Buffer.byteLength(second.text)} bytes after the header block`, second);
});

check('status/home/200', async (c) => {
  const res = await c.send('home', { form: 'json' });
  c.expectStatus(res, 200);
  c.expectModel(res, representationModel('EntryPoints', 'full')!, 'an EntryPoints JSON object');
  c.expect(res.headers['content-type']?.toLowerCase() !== PROBLEM_MEDIA_TYPE, 'a success media type', res);
});

import type { Endpoint } from '../endpoint.ts';
import { FULL_FORMS, success } from './parts.ts';

export const home: Endpoint[] = [
  {
    id: 'home',
    method: 'GET',
    path: '/v3',
    section: 'Endpoints > Home',
    summary: 'the home document listing the entry points',
    params: [],
    success: success(200, 'EntryPoints', 'EntryPoints', FULL_FORMS, [{ name: 'ETag', meaning: 'entity tag (string)' }]),
    // "304 (no body)" is the only other code listed, so the preamble's 400 does not apply.
    others: [{ status: 304, meaning: 'home document not modified', body: 'none', source: 'row' }],
    scoping: 'none',
  },
];

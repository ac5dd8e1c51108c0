// Gap choices of the independent server, by variant name: `indep` (profile.json) and `alt` (profile-alt.json).
import { DEFAULT_CREDENTIALS, type IndependentOptions } from './server.ts';

const bearer = (token: string): string => `Bearer ${token}`;

export const VARIANTS: Record<string, IndependentOptions> = {
  indep: {},
  // Another header for credentials and for the media form, the reference form by default, a zone whose date is
  // ahead of UTC's most of the day, 7 inquiries a page, a custom conditional header and a strong ETag, problem
  // bodies on 404, topic names with a space, a slash and non-ASCII, root-relative Locations, pending invitations
  // listed, newest inquiries first, desde 90 days back by default, full lists as objects, Standard Webhooks,
  // undocumented query parameters refused with 400 where the row defines 400.
  alt: {
    credentialHeader: 'Authorization',
    credentials: {
      primary: bearer(DEFAULT_CREDENTIALS.primary),
      other: bearer(DEFAULT_CREDENTIALS.other),
      empty: bearer(DEFAULT_CREDENTIALS.empty),
    },
    media: { header: 'X-Formato' },
    defaultForm: 'ref',
    timeZone: 'Pacific/Kiritimati',
    pageSize: 7,
    conditionalHeader: 'X-Si-Distinto',
    notFoundBody: true,
    topics: { inquiry: 'consulta recibida', registration: 'agencia/alta' },
    absoluteLocations: false,
    listPending: true,
    newestFirst: true,
    defaultDays: 90,
    listShape: 'object',
    weakEtag: false,
    signature: 'standard-webhooks',
    strictQuery: true,
  },
};

// Gap choices of the independent server, by variant name: `indep` (profile.json), `alt` (profile-alt.json) and `sur`
// (profile-sur.json).
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
  // Choices neither of the others makes, several of which init once read by shape (issue 21): the credential in a
  // query parameter, the media type by Accept with the entry form by default, a zone with daylight-saving time,
  // hooks at a base nobody guesses, a resend bound of 60 days beyond the default period of 30, makes whose api-url
  // is a slug (it reads like a codename) and whose codename is a short code, an upsert whose signing secret is an
  // optional member (deliveries unsigned without it; unknown members ignored) and a base64 MAC, the Consulta at the
  // payload's top level, 15 inquiries a page newest first, topic names with dots, a strong ETag.
  sur: {
    credentialQuery: 'clave',
    media: { header: 'Accept' },
    defaultForm: 'entry',
    timeZone: 'America/Santiago',
    pageSize: 15,
    newestFirst: true,
    defaultDays: 30,
    resendMaxAgeDays: 60,
    topics: { inquiry: 'consultas.nuevas', registration: 'agencias.registradas' },
    hooksBase: '/simulacion',
    makeKeys: 'apiurl',
    webhookUpsert: 'firma-opcional',
    signature: 'hmac-base64',
    consultaPayload: 'consulta',
    weakEtag: false,
  },
};

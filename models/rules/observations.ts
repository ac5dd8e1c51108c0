import { rule } from '../rule.ts';

// What the spec does not show. The suites record the target's behaviour here; these never fail a run.
export const OBSERVATION_RULES = [
  rule('observe/unauthenticated', 'observe', 'Authentication', 'what a request without credentials gets'),
  rule('observe/unoffered-media-type', 'observe', 'Endpoints > Consultas', 'what an Accept of a media type the endpoint does not offer gets'),
  rule('observe/media-type-selection', 'observe', 'Endpoints > Consultas', 'how the target chooses a media type when Accept names none it offers'),
  rule('observe/unknown-path', 'observe', 'Endpoints', 'what an unknown path under /v3 gets'),
  rule('observe/wrong-method', 'observe', 'Endpoints', 'what a method the path does not define gets'),
  rule('observe/rate-limit-headers', 'observe', 'Limits', 'rate-limit headers the target sends, if any'),
  rule('observe/invitation-state-values', 'observe', 'States and transitions', 'the invitation state the target reports'),
  rule('observe/resend-old-inquiry', 'observe', 'Limits', 'what resendwebhook of an old inquiry gets'),
  rule('observe/not-found-body', 'observe', 'Errors', 'the body of a 404, for which none is defined'),
  rule('observe/pagina-below-first', 'observe', 'Resources and their fields > Paged list envelope', 'what pagina=0 and negative pages get'),
  rule('observe/pagina-past-last', 'observe', 'Resources and their fields > Paged list envelope', 'what a page past the last one gets'),
  rule('observe/list-shape', 'observe', 'Resources and their fields > Other resources', 'the shape of catalog and agency lists (array or _entries)'),
  rule('observe/location-form', 'observe', 'Endpoints', 'whether Location headers are relative or absolute'),
  rule('observe/unknown-members', 'observe', 'Resources and their fields', 'members the target sends that the spec does not list'),
  rule('observe/consultas-without-admin-mail', 'observe', 'Endpoints > Consultas', 'GET /v3/consultas with operador and no adminMail'),
  rule('observe/invite-long-admin-mail', 'observe', 'Endpoints > Agencias', 'inviting an AdminMail longer than the adminMail path limit'),
];

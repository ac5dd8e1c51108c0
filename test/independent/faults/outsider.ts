import type { Fault, Mutant } from '../../mutants/fault.ts';

// The outsider's gallery: single faults an implementer reading the spec would plausibly make, written from the
// spec's sentences (quoted in `says`), not from any rule of the suite. Each sits in front of the independent
// server as a fault of the mutant proxy (test/mutants/proxy.ts). A fault is *caught* when the run, narrowed to
// the rules of its spec area, exits 1 with a must or profile rule failing — which rule is the suite's business.

/** The spec areas, each with the --only of the suite's rules that judge it (a run per fault stays fast). */
export const AREAS = {
  home: 'home/*,status/home/*,media/home/*,conventions/*',
  conventions: 'conventions/*,versioning/*,consultas/consulta-schema,consultas/list/*',
  agencias: 'conventions/unlisted-media-form-never-served,lifecycle/*,agencias/*,status/agencias-*,media/agencias-*,filters/agencias-*,scoping/*',
  notificaciones: 'appnotificaciones/*,status/appnotificaciones-*,media/appnotificaciones-*,scoping/webhook-config-per-app,limits/topic-max-80/*',
  carrocerias: 'catalogo/bestmatch-carrocerias,status/carrocerias-*,media/carrocerias-*,limits/int32/*,conventions/unlisted-media-form-never-served',
  ciudades:
    'limits/int32/region-beyond-rejected,catalogo/ciudades-needs-region-or-q,catalogo/bestmatch-ciudades,filters/ciudades-*,status/ciudades-*,media/ciudades-*',
  colores: 'filters/colores-*,status/colores-*,media/colores-*,limits/int32/*',
  marcas: 'catalogo/marcas-*,catalogo/bestmatch-marcas,filters/marcas-*,status/marcas-*,media/marcas-*',
  consultas:
    'consultas/*,status/consultas-*,media/consultas-*,limits/pagina-max-99/*,limits/desde-min-today-minus-90/*,limits/sid-length-20-30/*,limits/admin-mail-*,scoping/foreign-consult*,lifecycle/desasociar-inquiry-404',
  resend: 'events/resend-*,limits/resend-recent-only,status/consultas-resend/*,scoping/foreign-resend-403',
  webhooks:
    'events/inquiry-webhook-delivered,events/registration-webhook,events/deleted-topic-not-delivered,events/webhook-signature-valid,events/resend-delivers-payload',
  errors:
    'errors/*,status/agencias-invite/*,status/appnotificaciones-post/*,lifecycle/invitation-conflict-409,appnotificaciones/post-again-409,scoping/foreign-agency-put-403',
} as const;
export type Area = keyof typeof AREAS;

export interface OutsiderFault {
  /** What is broken, in a few words (kebab-case). */
  name: string;
  /** The spec's words the fault gets wrong, verbatim. */
  says: string;
  fault: Fault;
  /** --runs, where a property needs more than the gallery's default to reach the fault. */
  runs?: number;
}

/** A fault as a mutant of the batch machinery: judged by any must or profile rule of its area. */
export const asMutant = (area: Area, f: OutsiderFault): Mutant => ({
  name: f.name,
  statement: `outsider/${area}`,
  breaks: 'any must or profile rule of the area',
  quote: f.says,
  only: AREAS[area],
  ...(f.runs ? { runs: f.runs } : {}),
  fault: f.fault,
});

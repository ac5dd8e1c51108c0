import { ENDPOINTS } from '../models/index.ts';

// The ids of the operations in `load`'s mix (load-mix.ts): a GET row of the endpoint catalog, or a filtered inquiry
// page `consultas-list:{variant}`. --mix weighs them and a per-operation --threshold (`consultas-get:p99<100ms`,
// as k6 tags a request) names one.

/** The filtered inquiry pages of the mix (load-mix.ts inquiryVariants), besides the unfiltered one. */
export const INQUIRY_VARIANTS = ['pagina', 'operador', 'externalid', 'desde'] as const;

const GET_IDS: ReadonlySet<string> = new Set(ENDPOINTS.filter((e) => e.method === 'GET').map((e) => e.id));

/** Whether `id` names an operation the mix can hold. */
export function isOperationId(id: string): boolean {
  const [endpoint, variant, ...rest] = id.split(':');
  if (!GET_IDS.has(endpoint!) || rest.length > 0) return false;
  return variant === undefined || (endpoint === 'consultas-list' && (INQUIRY_VARIANTS as readonly string[]).includes(variant));
}

/** What an id must look like, for the message that refuses one. */
export const OPERATION_ID_HINT = `a GET endpoint id of the catalog (see vmp-conformance rules) nor consultas-list:${INQUIRY_VARIANTS.join('|')}`;

import type { MediaForm } from './media-types.ts';
import type { RepresentationName } from './representations.ts';

// The shape of one row of the Endpoints tables, as data that generators, suites, the reference server and
// reports walk. Nothing here is behaviour: see endpoints/ for the rows.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS';

export interface ParamSpec {
  name: string;
  in: 'path' | 'query';
  type: 'string' | 'integer' | 'boolean' | 'date';
  format?: 'email' | 'int32';
  required: boolean;
  minLength?: number;
  maxLength?: number;
  maximum?: number;
  /** A date that may not be earlier than today minus this many days. */
  minDaysBeforeToday?: number;
  default?: string | number | boolean;
  /** bestmatch: the fields of the record the value is matched against. */
  matchedAgainst?: string[];
  description: string;
}

/** What a documented response carries. `undefined-body`: the spec defines no body (404). */
export type BodyKind = 'none' | 'representation' | 'validation-problem' | 'problem' | 'undefined-body' | 'webhook-payload';

export interface ResponseSpec {
  status: number;
  meaning: string;
  body: BodyKind;
  /**
   * Where the code comes from: the row itself, 'preamble' for the 400 the Endpoints preamble grants every
   * endpoint, or 'not-shown' where the spec describes the response but not its code (then any 2xx is read as it).
   */
  source: 'row' | 'preamble' | 'not-shown';
}

export interface HeaderSpec {
  name: string;
  meaning: string;
}

export interface SuccessSpec extends ResponseSpec {
  /** Offered media types exactly as the row lists them; `undefined` when the row lists none (a gap). */
  mediaTypes?: MediaForm[];
  representation?: RepresentationName;
  headers: HeaderSpec[];
}

export interface RequestBodySpec {
  model: 'AgenciaCreate' | 'AgenciaEdit' | 'AppWebhookUpsert';
  /** Request media types as the row lists them; `undefined` when not listed. */
  mediaTypes?: ('json' | 'textJson')[];
}

/** How the Authentication section scopes the endpoint to the calling app. */
export type Scoping = 'agency-read' | 'agency-modify' | 'app' | 'none';

export interface Endpoint {
  id: string;
  method: HttpMethod;
  path: string;
  section: string;
  summary: string;
  params: ParamSpec[];
  body?: RequestBodySpec;
  success: SuccessSpec;
  /** Every other documented status, including the preamble's 400 where it applies. */
  others: ResponseSpec[];
  /** Statuses beyond those listed are "not shown" for this row (e.g. marcas bestmatch). */
  othersNotShown?: boolean;
  scoping: Scoping;
}

export const documentedStatuses = (e: Endpoint): number[] => [e.success.status, ...e.others.map((o) => o.status)];

export const otherResponse = (e: Endpoint, status: number): ResponseSpec | undefined => e.others.find((o) => o.status === status);

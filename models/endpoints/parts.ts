import type { HeaderSpec, ParamSpec, ResponseSpec, SuccessSpec } from '../endpoint.ts';
import { LIMITS } from '../limits.ts';
import type { MediaForm } from '../media-types.ts';
import type { RepresentationName } from '../representations.ts';

// Pieces that several rows of the Endpoints tables share, each built once from LIMITS.

export const ALL_FORMS: MediaForm[] = ['json', 'textJson', 'entry', 'ref'];
export const FULL_FORMS: MediaForm[] = ['json', 'textJson', 'entry'];

export const adminMailPath: ParamSpec = {
  name: 'adminMail',
  in: 'path',
  type: 'string',
  format: 'email',
  required: true,
  maxLength: LIMITS.adminMail.maxLength,
  description: "e-mail of the agency's administrator operator, matched case-insensitively",
};

export const topicPath: ParamSpec = {
  name: 'topic',
  in: 'path',
  type: 'string',
  required: true,
  maxLength: LIMITS.topic.maxLength,
  description: 'webhook topic',
};

export const sidPath: ParamSpec = {
  name: 'sid',
  in: 'path',
  type: 'string',
  required: true,
  minLength: LIMITS.sid.minLength,
  maxLength: LIMITS.sid.maxLength,
  description: 'inquiry id',
};

export const int32Path = (what: string): ParamSpec => ({
  name: 'id',
  in: 'path',
  type: 'integer',
  format: 'int32',
  required: true,
  description: `${what} id`,
});

export const success = (
  status: number,
  meaning: string,
  representation: RepresentationName | undefined,
  mediaTypes: MediaForm[] | undefined,
  headers: HeaderSpec[] = [],
): SuccessSpec => ({
  status,
  meaning,
  body: representation ? 'representation' : 'none',
  source: 'row',
  ...(representation ? { representation } : {}),
  ...(mediaTypes ? { mediaTypes } : {}),
  headers,
});

export const noContent = (status: number, meaning: string, headers: HeaderSpec[] = []): SuccessSpec => success(status, meaning, undefined, undefined, headers);

export const badRequest = (source: ResponseSpec['source'] = 'row'): ResponseSpec => ({
  status: 400,
  meaning: 'validation failed',
  body: 'validation-problem',
  source,
});

export const notFound = (meaning: string): ResponseSpec => ({ status: 404, meaning, body: 'undefined-body', source: 'row' });
export const forbidden = (meaning: string): ResponseSpec => ({ status: 403, meaning, body: 'problem', source: 'row' });
export const conflict = (meaning: string): ResponseSpec => ({ status: 409, meaning, body: 'validation-problem', source: 'row' });

export const location = (meaning: string): HeaderSpec => ({ name: 'Location', meaning });

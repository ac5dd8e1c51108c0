// What a handler answers, and the problem bodies of the Errors section.

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** Serialized as JSON with contentType; undefined sends no body at all. */
  body?: unknown;
  /** Bytes sent as they are (instead of body). */
  raw?: Buffer;
  contentType?: string;
}

export type FieldErrors = Record<string, string[]>;

/** Raised anywhere in a handler to answer 400 (or 409) with the validation problem body. */
export class ValidationFailure extends Error {
  constructor(
    readonly errors: FieldErrors,
    readonly status = 400,
    readonly title = 'La solicitud no es válida',
  ) {
    super(title);
  }
}

/** Raised to answer a status with no body (404 has "no body defined"). */
export class Bare extends Error {
  constructor(readonly status: number) {
    super(`status ${status}`);
  }
}

/** Raised to answer 403 with a problem body (fields not shown: this server uses RFC 9457's lower-case members). */
export class Forbidden extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

export function fail(field: string, message: string): never {
  throw new ValidationFailure({ [field]: [message] });
}

const typeBase = 'urn:vmp-indep:problema:';

/** Validation problem body (400, 409): the members the spec lists, in its order. */
export function validationProblem(failure: ValidationFailure, path: string, traceId: string): Reply {
  return {
    status: failure.status,
    contentType: 'application/problem+json',
    body: {
      Errors: failure.errors,
      Type: `${typeBase}${failure.status === 409 ? 'conflicto' : 'validacion'}`,
      Title: failure.title,
      Status: failure.status,
      Detail: Object.entries(failure.errors)
        .map(([key, messages]) => `${key}: ${messages.join('; ')}`)
        .join(' | '),
      Instance: path,
      Extensions: { traza: traceId },
    },
  };
}

export function forbiddenProblem(forbidden: Forbidden, path: string): Reply {
  return {
    status: 403,
    contentType: 'application/problem+json',
    body: { type: `${typeBase}prohibido`, title: 'Prohibido', status: 403, detail: forbidden.detail, instance: path },
  };
}

/** A variant's 404: a problem body, though the spec defines none. */
export function notFoundProblem(path: string): Reply {
  return {
    status: 404,
    contentType: 'application/problem+json',
    body: { type: `${typeBase}no-encontrado`, title: 'No encontrado', status: 404, instance: path },
  };
}

// Endpoints: a request body is "(application/json or text/json)"; what a body labelled with another media type
// gets is not shown. The status codes list 400 ("validation failed") and no 415, while HTTP's own answer is 415
// Unsupported Media Type (RFC 9110 15.5.16): both are read by someone, so the profile's `bodyTypeRefusal` names the
// target's (init tells it by sending a valid body labelled text/plain).

export const BODY_TYPE_REFUSAL = {
  'unsupported-media-type': { status: 415, says: '415 Unsupported Media Type' },
  invalid: { status: 400, says: '400 with a validation problem' },
} as const;
export type BodyTypeRefusal = keyof typeof BODY_TYPE_REFUSAL;
export const BODY_TYPE_REFUSAL_READINGS = Object.keys(BODY_TYPE_REFUSAL) as [BodyTypeRefusal, ...BodyTypeRefusal[]];

/** The media type a valid body is labelled with to ask how the target refuses another type. */
export const OTHER_BODY_TYPE = 'text/plain; charset=utf-8';

/** Which reading an answer to a body labelled OTHER_BODY_TYPE is, or undefined when it is neither (taken, say). */
export function bodyTypeRefusalReading(status: number | undefined, json: unknown): BodyTypeRefusal | undefined {
  if (status === 415) return 'unsupported-media-type';
  const errors = (json as { Errors?: unknown } | null | undefined)?.Errors;
  return status === 400 && errors !== null && typeof errors === 'object' ? 'invalid' : undefined;
}

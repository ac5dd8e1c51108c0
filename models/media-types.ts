import { parse as parseContentType } from 'content-type';

// Conventions: the media types a success response can have, and the error media type (Errors).
export const MEDIA_TYPES = {
  json: 'application/json',
  textJson: 'text/json',
  entry: 'application/vnd.service.entry+json',
  ref: 'application/vnd.service.ref+json',
} as const;

export const PROBLEM_MEDIA_TYPE = 'application/problem+json';

export type MediaForm = keyof typeof MEDIA_TYPES;
export const MEDIA_FORMS = Object.keys(MEDIA_TYPES) as MediaForm[];

/**
 * The byte order mark as decoded text (bytes EF BB BF). Every success and problem body is JSON, and RFC 8259
 * section 8.1: "Implementations MUST NOT add a byte order mark (U+FEFF) to the beginning of a
 * networked-transmitted JSON text" — while a parser "MAY ignore the presence of a byte order mark".
 */
export const BYTE_ORDER_MARK = '\uFEFF';

/** Every form but ref is the full representation. */
export type Representation = 'full' | 'ref';
export const representationOf = (form: MediaForm): Representation => (form === 'ref' ? 'ref' : 'full');

/** Request bodies: "application/json or text/json". */
export const REQUEST_MEDIA_TYPES = [MEDIA_TYPES.json, MEDIA_TYPES.textJson] as const;

// A Content-Type header is read by `content-type` (RFC 9110 section 8.3: OWS, quoted strings, parameter names
// case-insensitive, the first of a repeated parameter). Its parse is lenient and never throws: a malformed
// header is read as far as it goes — the type is what stands before the first ';', lower-cased, as our own
// reading did — so a wrong value fails the media rule that compares it, never the check itself.

/** The bare media type of a Content-Type header, lower-cased, without parameters ('' when there is none). */
export function essence(contentType: string | undefined | null): string {
  return parseContentType(contentType ?? '', { parameters: false }).type;
}

/** Parameters of a Content-Type header other than charset, as `name=value` (name lower-cased, value unquoted). */
export function extraParameters(contentType: string | undefined | null): string[] {
  const { parameters } = parseContentType(contentType ?? '');
  return Object.keys(parameters)
    .filter((name) => name !== 'charset')
    .map((name) => `${name}=${parameters[name]}`);
}

/**
 * The parameters that carry a version (Versioning: "none of them carries a version number"): a version-like
 * name (`version`, `api-version`, `v`) or a value like `v3`. Other parameters are not forbidden.
 */
export function versionParameters(contentType: string | undefined | null): string[] {
  return extraParameters(contentType).filter((p) => {
    const [name = '', value = ''] = splitOnce(p);
    return /version|^v$|^ver$/i.test(name) || /^v\d+(\.\d+)*$/i.test(value);
  });
}

const splitOnce = (p: string): [string, string] => {
  const eq = p.indexOf('=');
  return [p.slice(0, eq), p.slice(eq + 1)];
};

export function formOfContentType(contentType: string | undefined | null): MediaForm | undefined {
  const e = essence(contentType);
  return MEDIA_FORMS.find((f) => MEDIA_TYPES[f] === e);
}

/** A form as it appears in rule ids, which are kebab-case: `media/<endpoint>/text-json`. */
const FORM_SLUGS: Readonly<Record<MediaForm, string>> = { json: 'json', textJson: 'text-json', entry: 'entry', ref: 'ref' };

/** The rule id of "this endpoint takes a request body sent as text/json" (models/rules/catalog.ts). */
export const requestMediaRuleId = (endpointId: string): string => `media/${endpointId}/request-text-json`;

/** The rule id of "this endpoint offers this media type" (models/rules/catalog.ts). */
export const mediaRuleId = (endpointId: string, form: MediaForm): string => `media/${endpointId}/${FORM_SLUGS[form]}`;

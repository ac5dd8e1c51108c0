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

/** Every form but ref is the full representation. */
export type Representation = 'full' | 'ref';
export const representationOf = (form: MediaForm): Representation => (form === 'ref' ? 'ref' : 'full');

/** Request bodies: "application/json or text/json". */
export const REQUEST_MEDIA_TYPES = [MEDIA_TYPES.json, MEDIA_TYPES.textJson] as const;

/** The bare media type of a Content-Type header, lower-cased, without parameters. */
export function essence(contentType: string | undefined | null): string {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase();
}

/** Parameters of a Content-Type header other than charset, as written (`name=value`). */
export function extraParameters(contentType: string | undefined | null): string[] {
  return (contentType ?? '')
    .split(';')
    .slice(1)
    .map((p) => p.trim())
    .filter((p) => p !== '' && p.split('=')[0]!.trim().toLowerCase() !== 'charset');
}

/**
 * The parameters that carry a version (Versioning: "none of them carries a version number"): a version-like
 * name (`version`, `api-version`, `v`) or a value like `v3`. Other parameters are not forbidden.
 */
export function versionParameters(contentType: string | undefined | null): string[] {
  return extraParameters(contentType).filter((p) => {
    const [name = '', value = ''] = p.split('=').map((s) => s.trim().replace(/^"|"$/g, ''));
    return /version|^v$|^ver$/i.test(name) || /^v\d+(\.\d+)*$/i.test(value);
  });
}

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

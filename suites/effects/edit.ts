// Endpoints > Agencias: PUT /v3/agencias/{adminMail} with AgenciaEdit, whose fields are not shown. What it set is
// judged through the profile's agenciaEdit template: each string it carries that the agency did not show before
// must show afterwards somewhere in the agency (under any member name), compared by letters and digits only, so
// a server that trims, re-spaces or reformats a value (a telephone number) still shows it.

/** Letters and digits, lower-cased. */
const squeeze = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

/** Every string leaf of a JSON value, with where it sits (`RazonSocial`, `Contacto.Telefono`). */
function leaves(value: unknown, path = ''): [string, string][] {
  if (typeof value === 'string') return [[path || '(body)', value]];
  if (Array.isArray(value)) return value.flatMap((v, i) => leaves(v, `${path}[${i}]`));
  if (value !== null && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => leaves(v, path ? `${path}.${k}` : k));
  return [];
}

/** Whether some string of the body holds `value` (by letters and digits). */
export function shows(body: unknown, value: string): boolean {
  const wanted = squeeze(value);
  return wanted !== '' && leaves(body).some(([, s]) => squeeze(s).includes(wanted));
}

/** The string members of an AgenciaEdit body that the agency before the PUT did not show: those a GET can judge. */
export function newValues(edit: Record<string, unknown>, before: unknown): [member: string, value: string][] {
  return leaves(edit).filter(([, value]) => squeeze(value) !== '' && !shows(before, value));
}

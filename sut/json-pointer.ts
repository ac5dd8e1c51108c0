// JSON pointers (RFC 6901) name, in the profile, members whose names the spec does not show: catalog record
// fields (catalogKeys), the invitation state, where the Consulta sits in a webhook payload (consultaPointer),
// and the members a webhook restore reads. The one resolver of the project: suites, webhooks and simulator use it.

/**
 * The value `pointer` names in `doc`; undefined when a member on the way is missing or the pointer is not one
 * (RFC 6901 §3: every non-empty pointer starts with "/"). "" is the whole document.
 */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
  if (!pointer.startsWith('/')) return undefined;
  let current = doc;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(current)) {
      if (!/^(0|[1-9]\d*)$/.test(token)) return undefined;
      current = current[Number(token)];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, token)) {
      current = (current as Record<string, unknown>)[token];
    } else {
      return undefined;
    }
  }
  return current;
}

/** The pointer to a top-level member. */
export const memberPointer = (name: string): string => `/${name.replace(/~/g, '~0').replace(/\//g, '~1')}`;

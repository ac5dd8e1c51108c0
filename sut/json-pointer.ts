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

/**
 * Where the Consulta sits in a webhook payload: at the profile's `webhooks.consultaPointer`, or, where that is not
 * known (null), the first object of the payload (the whole one first, then each member's, breadth first) that
 * `fits` — equals what the caller compares it with. Never a silent "" (issue 28 §4): not knowing is searched.
 */
export function consultaIn(doc: unknown, pointer: string | null, fits: (v: unknown) => boolean): unknown {
  if (pointer !== null) return resolvePointer(doc, pointer);
  const queue: unknown[] = [doc];
  for (let i = 0; i < queue.length && i < 1_000; i++) {
    const v = queue[i];
    if (v === null || typeof v !== 'object') continue;
    if (!Array.isArray(v) && fits(v)) return v;
    queue.push(...Object.values(v));
  }
  return undefined;
}

/** The pointer as the failure text names it: the profile's, or that it was searched for. */
export const pointerText = (pointer: string | null): string =>
  pointer === null ? 'anywhere in the payload (webhooks.consultaPointer not known)' : `at ${JSON.stringify(pointer)} (webhooks.consultaPointer)`;

// JSON pointers (RFC 6901) name, in the profile, members whose names the spec does not show.

/** The value `pointer` names in `doc`; undefined when a member on the way is missing. "" is the whole document. */
export function resolvePointer(doc: unknown, pointer: string): unknown {
  if (pointer === '') return doc;
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

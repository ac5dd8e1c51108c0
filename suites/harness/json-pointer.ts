// JSON pointers (RFC 6901) name, in the profile, members whose names the spec does not show: catalog record
// fields (catalogKeys), the invitation state (invitationState.pointer) and where the Consulta sits in a
// webhook payload (webhooks.consultaPointer).

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

/** A scalar the API could take back as a query or path value; undefined for objects, arrays and null. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

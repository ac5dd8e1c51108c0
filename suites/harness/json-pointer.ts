// JSON pointers (RFC 6901) name, in the profile, members whose names the spec does not show: catalog record
// fields (catalogKeys), the invitation state (invitationState.pointer) and where the Consulta sits in a
// webhook payload (webhooks.consultaPointer).
export { resolvePointer } from '../../sut/json-pointer.ts';

/** A scalar the API could take back as a query or path value; undefined for objects, arrays and null. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

// Values read through the profile's JSON pointers (catalogKeys, sut/json-pointer.ts) and sent back to the API.

/** A scalar the API could take back as a query or path value; undefined for objects, arrays and null. */
export function scalarText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

import { z } from 'zod';

// Conventions: "A field that has no value is sent as null" — so every member a model documents is present,
// whatever its value. Walks a Zod model beside a value and names the documented members that are missing;
// a nested object is walked only where it is present and not null. Optional members are not required.

export function missingMembers(schema: z.ZodType, value: unknown, path = ''): string[] {
  if (schema instanceof z.ZodNullable) return value === null ? [] : missingMembers(schema.unwrap() as z.ZodType, value, path);
  if (schema instanceof z.ZodArray) {
    if (!Array.isArray(value)) return [];
    return value.flatMap((item, i) => missingMembers(schema.element as z.ZodType, item, `${path}${path ? '.' : ''}${i}`));
  }
  if (!(schema instanceof z.ZodObject) || value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).flatMap(([key, member]) => {
    const at = `${path}${path ? '.' : ''}${key}`;
    if (!Object.hasOwn(value, key)) return member instanceof z.ZodOptional ? [] : [at];
    return missingMembers(member, (value as Record<string, unknown>)[key], at);
  });
}

import { z } from 'zod';
import { objectOf, type Strictness } from './strictness.ts';

// Errors > Validation problem body (400, 409; application/problem+json).
// Type is "string, URI": `format: uri` in JSON Schema (an annotation); read leniently, as a URI reference.
const uri = z
  .string()
  .refine((v) => v !== '' && !/\s/.test(v) && URL.canParse(v, 'http://base.invalid/'), 'expected a URI')
  .meta({ format: 'uri' });

/** The key of Errors that holds entry-level problems belonging to no single property. */
export const ENTRY_LEVEL_KEY = '_';

export const validationProblem = (mode: Strictness = 'loose') =>
  objectOf(mode, {
    Errors: z.record(z.string(), z.array(z.string())),
    Type: uri,
    // Conventions: "a field that has no value is sent as null" — a problem may carry no title or detail.
    Title: z.string().nullable(),
    Status: z.number().int(),
    Detail: z.string().nullable(),
    Instance: z.string().nullable(),
    Extensions: z.record(z.string(), z.unknown()),
  });

/** The 403 body is a problem body whose fields are not shown: a JSON object, nothing more is required. */
export const forbiddenProblem = () => z.record(z.string(), z.unknown());

export type ValidationProblem = z.infer<ReturnType<typeof validationProblem>>;

import { z } from 'zod';
import { objectOf, type Strictness } from './strictness.ts';

// Errors > Validation problem body (400, 409; application/problem+json).
// Type is "string, URI": a URI of RFC 3986 section 3, which begins with its scheme ("URI = scheme ':' hier-part");
// a relative reference is a "URI-reference" (section 4.1), and the spec says "relative URI" where it allows one (Link
// object: href). So a bare word ("Conflict") or a path is no Type; a URN or about:blank is. `format: uri` in JSON Schema.
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const uri = z
  .string()
  .refine((v) => SCHEME.test(v) && !/\s/.test(v) && URL.canParse(v), 'expected a URI (with its scheme)')
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

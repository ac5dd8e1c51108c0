import { z } from 'zod';
import { HEADER_NAME, HEADER_NAME_MESSAGE } from './http-syntax.ts';

// Shapes more than one part of the profile schema spreads in (profile.ts, hooks-profile.ts).

export const headerName = z.string().regex(HEADER_NAME, HEADER_NAME_MESSAGE);
export const jsonPointer = z.string().regex(/^(\/[^/]*)*$/, 'expected a JSON pointer such as /Consulta or ""');

import { z } from 'zod';
import { objectOf, type Strictness } from './strictness.ts';

/** Neither a scheme nor an authority at the start; a regex check, so z.toJSONSchema shows it as `pattern`. */
const RELATIVE = /^(?![A-Za-z][A-Za-z0-9+.-]*:)(?!\/\/)/;
const PLACEHOLDER = /\{[^{}]+\}/;

/** Link object, href: "relative URI; may contain {param} placeholders when templated is true". */
export const relativeUri = z.string().regex(RELATIVE, 'expected a relative URI (no scheme, no authority)');

const templatedNeedsFlag = (link: { href: string; templated?: boolean | null | undefined }) => !PLACEHOLDER.test(link.href) || link.templated === true;
const TEMPLATED_MESSAGE = { message: 'href has {param} placeholders, so templated must be present and true', path: ['templated'] };

// Conventions: "a field that has no value is sent as null" — so templated and title may be null.
const linkShape = {
  href: relativeUri,
  templated: z.boolean().nullable().optional(),
  title: z.string().nullable().optional(),
};

export const linkObject = (mode: Strictness = 'loose') => objectOf(mode, linkShape).refine(templatedNeedsFlag, TEMPLATED_MESSAGE);

/** Reference form: "each list entry is only a link object with href and title" — so always strict. */
export const refLink = () => z.strictObject({ ...linkShape, title: z.string() }).refine(templatedNeedsFlag, TEMPLATED_MESSAGE);

/** `_links`: "map of relation name to link object". */
export const links = (mode: Strictness = 'loose') => z.record(z.string(), linkObject(mode));

export type Link = z.infer<ReturnType<typeof linkObject>>;
export type RefLink = z.infer<ReturnType<typeof refLink>>;

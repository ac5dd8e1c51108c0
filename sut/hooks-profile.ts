import { z } from 'zod';
import { headerName, jsonPointer } from './profile-parts.ts';

// Profile key simulationHooks (docs/simulation-hooks.md). The spec gives no way to make an inquiry arrive or an
// invitation be completed, so a target describes its own: this tool's hook contract under a base path (a string),
// or, per action, an HTTP request template or a command of the target's own (an admin endpoint, a script).

/** The hooks base: an absolute http(s) URL, or a path; neither with a query, a fragment or white space. */
export function hooksBase(value: string): boolean {
  if (/[\s?#]/.test(value)) return false;
  if (!/^[a-z][a-z0-9+.-]*:/i.test(value)) return true;
  return URL.canParse(value) && /^https?:$/.test(new URL(value).protocol);
}

/** What each action's placeholders stand for (sut/hooks/placeholders.ts fills them in). */
export const HOOK_PLACEHOLDERS = {
  adminMail: "the agency's AdminMail",
  agencia: "the agency's URI relative to the base URL (/v3/agencias/{adminMail})",
  app: 'the calling app: primary, other or empty',
  baseUrl: 'the base URL of the target',
  runId: 'the id of this run',
  consulta: 'the inquiry, a Consulta without _links, as JSON (inquiry only)',
} as const;
export type HookPlaceholder = keyof typeof HOOK_PLACEHOLDERS;
export const INQUIRY_PLACEHOLDERS = Object.keys(HOOK_PLACEHOLDERS) as HookPlaceholder[];
export const REGISTRATION_PLACEHOLDERS = INQUIRY_PLACEHOLDERS.filter((p) => p !== 'consulta');

const PLACEHOLDER = /\{\{(\w+)\}\}/g;

/** Every {{name}} in the strings of value that `allowed` lacks. */
export function unknownPlaceholders(value: unknown, allowed: readonly string[]): string[] {
  if (typeof value === 'string') return [...value.matchAll(PLACEHOLDER)].map((m) => m[1]!).filter((n) => !allowed.includes(n));
  if (Array.isArray(value)) return value.flatMap((v) => unknownPlaceholders(v, allowed));
  if (value && typeof value === 'object') return Object.values(value).flatMap((v) => unknownPlaceholders(v, allowed));
  return [];
}

// A hook is a set-up step, not a check: it waits this long by default, at most a minute (Principle 6).
const timeoutMs = z.number().int().min(100).max(60_000).default(10_000).describe('how long the hook may take, in ms (default 10000)');

const httpTemplate = z.strictObject({
  method: z
    .string()
    .regex(/^[A-Z]+$/, 'expected an HTTP method such as POST')
    .default('POST'),
  url: z
    .string()
    .min(1)
    .refine((u) => !/^[a-z][a-z0-9+.-]*:/i.test(u) || /^https?:\/\//i.test(u), 'expected a path relative to the base URL or an absolute http(s) URL')
    .describe('relative to the base URL, or absolute; placeholders are percent-encoded'),
  headers: z.record(headerName, z.string()).default({}).describe('request headers; values may be ${ENV} references (redacted as secrets)'),
  body: z.unknown().optional().describe('a JSON body; a string that is exactly "{{consulta}}" becomes the inquiry object'),
  appCredentials: z.boolean().default(false).describe("also send the calling app's credentials, as /v3 requests do"),
  sidPointer: jsonPointer.optional().describe("where the answer's JSON body holds the created inquiry's sid"),
  locationPointer: jsonPointer.optional().describe("where the answer's JSON body holds the created inquiry's URI (default: the Location header)"),
  timeoutMs,
});

const command = z.strictObject({
  argv: z.array(z.string().min(1)).min(1).describe('the program and its arguments, run without a shell'),
  prints: z.enum(['sid', 'location']).default('sid').describe("what its standard output gives: the created inquiry's sid, or its URI"),
  timeoutMs,
});

export const hookAction = z.union([z.strictObject({ http: httpTemplate }), z.strictObject({ command })]);

const placeholdersIn = (allowed: readonly string[]) => (action: z.output<typeof hookAction>, ctx: z.RefinementCtx) => {
  const where = 'http' in action ? 'http' : 'command';
  const unknown = unknownPlaceholders(action, allowed);
  if (unknown.length > 0)
    ctx.addIssue({ code: 'custom', path: [where], message: `unknown placeholder {{${unknown[0]}}} (known: ${allowed.map((p) => `{{${p}}}`).join(', ')})` });
};

export const adapterHooks = z
  .strictObject({
    inquiry: hookAction.superRefine(placeholdersIn(INQUIRY_PLACEHOLDERS)).describe('makes an inquiry arrive for an agency'),
    registration: hookAction
      .superRefine(placeholdersIn(REGISTRATION_PLACEHOLDERS))
      .optional()
      .describe('completes the invitation of an AdminMail (absent: the checks that need it skip)'),
  })
  .describe("the target's own ways to make an inquiry arrive and to complete a registration");

export const simulationHooks = z
  .union([
    z
      .string()
      .refine(hooksBase, 'expected a path relative to the base URL (/_sim) or an absolute http(s) URL, without query or fragment')
      .describe("the base of this tool's hook contract: relative to the base URL, or absolute"),
    adapterHooks,
  ])
  .nullable()
  .describe("this tool's hook contract under a base, the target's own hooks, or null");

export type HookAction = z.output<typeof hookAction>;
export type HttpHook = z.output<typeof httpTemplate>;
export type CommandHook = z.output<typeof command>;
export type AdapterHooks = z.output<typeof adapterHooks>;
export type SimulationHooks = z.output<typeof simulationHooks>;

import type { HttpHook } from '../hooks-profile.ts';
import type { SendRequest } from '../client.ts';
import { resolvePointer } from '../json-pointer.ts';
import type { HookDeps } from './adapter.ts';
import type { CallResult } from './own-hooks.ts';
import { fillJson, fillText, type HookValues } from './placeholders.ts';
import { sendOwn } from './send-own.ts';

// An HTTP request template of the target's own (an admin endpoint): method, URL (relative to the base URL, or
// absolute) with its placeholders percent-encoded, headers, a JSON body. Any 2xx is success; an inquiry's sid or
// URI is read where the template says (a JSON pointer into the body), else from the Location header. Sent on a
// client of its own with the template's timeout; the app's credentials only when the template asks for them.

export const describeHttp = (spec: HttpHook): string => `${spec.method} ${spec.url}`;

const TRANSPORT_LASTING = new Set(['VMP_ERR_TIMEOUT', 'VMP_ERR_CONNECTION', 'VMP_ERR_PROTOCOL']);

const stringAt = (json: unknown, pointer: string | undefined): string | undefined => {
  if (pointer === undefined) return undefined;
  const value = resolvePointer(json, pointer);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

export async function httpCall(spec: HttpHook, values: HookValues, deps: HookDeps): Promise<CallResult> {
  const filled = fillText(spec.url, values, encodeURIComponent);
  // A relative URL is relative to the base URL's path too (a base under a prefix keeps its prefix).
  const target = /^https?:\/\//i.test(filled) ? new URL(filled) : new URL(filled.replace(/^\/+/, ''), `${deps.baseUrl.replace(/\/+$/, '')}/`);
  const body = spec.body === undefined ? undefined : fillJson(spec.body, values);
  const req: SendRequest = {
    method: spec.method,
    path: target.pathname,
    ...(target.search !== '' ? { query: Object.fromEntries(target.searchParams) } : {}),
    app: spec.appCredentials ? (values.app as SendRequest['app']) : null,
    headers: Object.fromEntries(Object.entries(spec.headers).map(([k, v]) => [k, fillText(v, values)])),
    ...(body !== undefined ? { json: body } : {}),
  };
  const res = await sendOwn(deps, target.origin, req, spec.timeoutMs);
  if (res.error) return { res, failed: `it failed: ${res.exchange.error}`, lasting: TRANSPORT_LASTING.has(res.error.code), got: {} };
  if (res.status === undefined || res.status < 200 || res.status > 299) return { res, failed: `it answered ${res.status}, not 2xx`, got: {} };
  const sid = stringAt(res.json, spec.sidPointer);
  const location =
    spec.locationPointer !== undefined ? stringAt(res.json, spec.locationPointer) : spec.sidPointer === undefined ? res.headers.location : undefined;
  return { res, got: { ...(sid !== undefined ? { sid } : {}), ...(location !== undefined ? { location } : {}) } };
}

export const httpGivesLocation = (spec: HttpHook): boolean => spec.locationPointer !== undefined || spec.sidPointer === undefined;

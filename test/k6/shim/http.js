import { addMetric, exchange, recorded } from './state.js';

// k6/http: synchronous requests (state.js), responses shaped as k6's (status 0 and error on a transport failure,
// body null when responseType is 'none'), and the built-in metrics the exported thresholds name.

/** @type {(status: number) => boolean} */
let expected = (status) => status >= 200 && status < 400;

/** @param {...(number | { min: number; max: number })} statuses */
export function expectedStatuses(...statuses) {
  return (/** @type {number} */ status) => statuses.some((s) => (typeof s === 'number' ? status === s : status >= s.min && status <= s.max));
}

/** @param {(status: number) => boolean} callback */
export function setResponseCallback(callback) {
  expected = callback;
}

/** @param {string | number | undefined} timeout */
function timeoutMs(timeout) {
  if (typeof timeout === 'number') return timeout;
  const m = /^(\d+(?:\.\d+)?)(ms|s|m)$/.exec(timeout ?? '60s');
  if (!m) throw new Error(`shim: cannot read the timeout '${timeout}'`);
  return Number(m[1]) * { ms: 1, s: 1000, m: 60_000 }[m[2]];
}

/**
 * @param {string} method @param {string} url @param {unknown} _body
 * @param {{ headers?: Record<string, string>; tags?: Record<string, string>; timeout?: string | number; responseType?: string; redirects?: number }} [params]
 */
export function request(method, url, _body, params = {}) {
  const headers = params.headers ?? {};
  const answer = exchange({
    method,
    url,
    headers,
    timeoutMs: timeoutMs(params.timeout),
    redirects: params.redirects ?? globalThis.__shimOptions?.maxRedirects ?? 10,
  });
  const failed = answer.status === 0 || !expected(answer.status);
  recorded.requests.push({
    method,
    url,
    headers,
    tags: params.tags ?? {},
    responseType: params.responseType ?? 'text',
    status: answer.status,
    durationMs: answer.durationMs,
    failed,
  });
  addMetric('http_reqs', 'counter', 1);
  addMetric('http_req_failed', 'rate', failed ? 1 : 0);
  addMetric('http_req_duration', 'trend', answer.durationMs);
  return {
    status: answer.status,
    headers: answer.headers,
    body: params.responseType === 'none' ? null : answer.body,
    error: answer.error,
    error_code: answer.status === 0 ? 1000 : 0,
    url,
    timings: { duration: answer.durationMs },
  };
}

/** @param {string} url @param {object} [params] */
export function get(url, params) {
  return request('GET', url, null, params);
}

export default { get, request, expectedStatuses, setResponseCallback };

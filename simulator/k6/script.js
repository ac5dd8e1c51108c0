import http from 'k6/http';
import { check } from 'k6';
import exec from 'k6/execution';
import { Counter } from 'k6/metrics';

// What this script sends is in its data file, written with it: the operations of `load`'s read mix (each a ready
// path with its query, and its headers), the order `load` sends them in, which responses are validated and the
// JSON Schemas (from the models) they are validated against. The profile's credentials are not in it, only the
// names of the k6 environment variables (-e NAME=value) that give them.
const plan = JSON.parse(open('./vmp-load-data.json'));

const BASE_URL = String(__ENV.BASE_URL || plan.baseUrl).replace(/\/+$/, '');

const ENV_REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/**
 * The credential headers with each `${NAME}` replaced by the k6 environment variable NAME; a missing one stops the
 * script before the first request, naming it.
 * @param {Record<string, string>} templates
 * @returns {Record<string, string>}
 */
function credentialHeaders(templates) {
  /** @type {Record<string, string>} */
  const headers = {};
  for (const name of Object.keys(templates)) {
    headers[name] = templates[name].replace(ENV_REF, (/** @type {string} */ _, /** @type {string} */ variable) => {
      const value = __ENV[variable];
      if (value === undefined) throw new Error(`set the environment variable ${variable} (k6 run -e ${variable}=…): it gives the ${name} header of the profile's primary app, which the export never writes`);
      return value;
    });
  }
  return headers;
}

const credentials = credentialHeaders(plan.credentialHeaders);

/** Each operation ready to send: unsampled responses are not read (as `load` keeps no body but the sampled ones). */
const requests = plan.operations.map((/** @type {any} */ op) => {
  /** @type {import('k6/http').Params} */
  const params = { headers: Object.assign({}, credentials, op.headers), tags: { name: op.id }, timeout: `${plan.timeoutMs}ms` };
  return { op, url: BASE_URL + op.path, params: Object.assign({ responseType: 'none' }, params), sampledParams: Object.assign({ responseType: 'text' }, params) };
});

// `load` counts every non-2xx answer as an error (k6 by default only 4xx and 5xx): http_req_failed does the same.
http.setResponseCallback(http.expectedStatuses({ min: 200, max: 299 }));

/** Responses that completed with a status: a run without one fails (threshold count>0), as `load` does. */
const completed = new Counter('vmp_completed');
let problemsShown = 0;

/**
 * The size of a body in UTF-8 bytes, as `load`'s cap counts it (k6 gives the body as text).
 * @param {string} text
 */
function utf8Bytes(text) {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair (two units) is one 4-byte character.
    bytes += unit < 0x80 ? 1 : unit < 0x800 ? 2 : unit >= 0xd800 && unit <= 0xdbff ? (i++, 4) : 3;
  }
  return bytes;
}

/**
 * Why a sampled response is not what the row documents, or undefined: the checks of `load`'s own sample
 * (vmp-conformance's simulator/load-recorder.ts), with the model as JSON Schema.
 * @param {any} op
 * @param {import('k6/http').RefinedResponse<'text'>} res
 * @returns {string | undefined}
 */
function responseProblem(op, res) {
  if (res.status !== op.success) return `status ${res.status}, not the documented success ${op.success}`;
  if (typeof res.body !== 'string') return 'no body was read';
  if (utf8Bytes(res.body) > plan.validation.bodyCap) return `the body is over the ${plan.validation.bodyCap}-byte cap the checks apply`;
  if (op.schema === undefined) return undefined;
  let json;
  try {
    json = JSON.parse(res.body);
  } catch (error) {
    return 'the body is not JSON';
  }
  const problem = schemaProblem(plan.validation.schemas[op.schema], json);
  return problem === undefined ? undefined : `not a valid ${op.representation} (${problem})`;
}

export default function () {
  // The iteration's number in the whole test (unique across --execution-segment instances) picks the operation, so
  // k6 walks the same sequence as `load`. Every Nth response of each instance is validated: k6 deals the test's
  // iterations out to the instances in turn (0,1/2,1: the even ones to the first, the odd ones to the second), so
  // every Nth of the whole test would all fall to one instance when N is even, and only that one would pay for them.
  const n = exec.scenario.iterationInTest;
  const request = requests[plan.sequence[n % plan.sequence.length]];
  const sampled = plan.validation.every > 0 && (exec.scenario.iterationInInstance + 1) % plan.validation.every === 0;
  const res = http.get(request.url, sampled ? request.sampledParams : request.params);
  // A transport failure (status 0) is an error of http_req_failed, not a response to validate.
  if (res.status === 0) return;
  completed.add(1);
  if (!sampled) return;
  const problem = responseProblem(request.op, /** @type {import('k6/http').RefinedResponse<'text'>} */ (res));
  check(res, { [request.op.check]: () => problem === undefined }, { operation: request.op.id });
  if (problem !== undefined && problemsShown++ < 5) console.warn(`${request.op.id}: ${problem}`);
}

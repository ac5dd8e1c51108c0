// JSON Schema (2020-12), the subset zod's toJSONSchema writes for our models, checked in plain JavaScript: the
// body check of the k6 export runs inside k6, where neither zod nor Node exists. The schemas come from models/
// (k6-plan.ts); this file knows no model. `vmp-conformance load --export k6` inlines it into the script (without
// its `export` keywords) and refuses a schema that uses a keyword not listed here, so a model that starts using
// one cannot be checked half-way in k6. Written for any k6 version, as script.js is: no ?., ?? or ??=.

/** Keywords checked here; annotations (format, description, …) do not constrain, as in JSON Schema 2020-12. */
export const KEYWORDS = [
  '$schema', '$id', '$ref', '$defs', 'type', 'const', 'enum', 'minLength', 'maxLength', 'pattern', 'minimum', 'maximum',
  'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf', 'items', 'prefixItems', 'minItems', 'maxItems', 'required',
  'properties', 'additionalProperties', 'propertyNames', 'minProperties', 'maxProperties', 'anyOf', 'oneOf', 'allOf',
  'not', 'format', 'title', 'description', 'default', 'examples', 'readOnly', 'writeOnly', 'deprecated',
];

/** @type {Record<string, RegExp>} */
const patterns = {};

/** @param {unknown} v @param {string} type */
function isType(v, type) {
  if (type === 'null') return v === null;
  if (type === 'array') return Array.isArray(v);
  if (type === 'object') return typeof v === 'object' && v !== null && !Array.isArray(v);
  if (type === 'integer') return Number.isInteger(v);
  return typeof v === type;
}

/** @param {unknown} a @param {unknown} b @returns {boolean} */
function equal(a, b) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The first way `value` departs from `schema`, as "path: expectation", or undefined when it conforms.
 * @param {any} schema a JSON Schema as zod's toJSONSchema writes it (local $refs into $defs)
 * @param {unknown} value a parsed JSON value
 * @returns {string | undefined}
 */
export function schemaProblem(schema, value) {
  return problemAt(schema, schema, value, '(root)');
}

/**
 * @param {any} root @param {any} s @param {any} v @param {string} at
 * @returns {string | undefined}
 */
function problemAt(root, s, v, at) {
  if (s === true || s === undefined) return undefined;
  if (s === false) return `${at}: not allowed`;
  if (typeof s.$ref === 'string') {
    const target = s.$ref === '#' ? root : (root.$defs || {})[s.$ref.replace(/^#\/\$defs\//, '')];
    if (target === undefined) return `${at}: unresolved ${s.$ref}`;
    const problem = problemAt(root, target, v, at);
    if (problem !== undefined) return problem;
  }
  if (s.type !== undefined) {
    const types = Array.isArray(s.type) ? s.type : [s.type];
    if (!types.some((/** @type {string} */ t) => isType(v, t))) return `${at}: expected ${types.join(' or ')}`;
  }
  if ('const' in s && !equal(v, s.const)) return `${at}: expected ${JSON.stringify(s.const)}`;
  if (s.enum && !s.enum.some((/** @type {unknown} */ e) => equal(v, e))) return `${at}: expected one of ${JSON.stringify(s.enum)}`;
  if (typeof v === 'string') {
    const length = [...v].length;
    if (s.minLength !== undefined && length < s.minLength) return `${at}: shorter than ${s.minLength}`;
    if (s.maxLength !== undefined && length > s.maxLength) return `${at}: longer than ${s.maxLength}`;
    if (s.pattern !== undefined && !(patterns[s.pattern] || (patterns[s.pattern] = new RegExp(s.pattern))).test(v)) return `${at}: does not match ${s.pattern}`;
  }
  if (typeof v === 'number') {
    if (s.minimum !== undefined && v < s.minimum) return `${at}: below ${s.minimum}`;
    if (s.maximum !== undefined && v > s.maximum) return `${at}: above ${s.maximum}`;
    if (s.exclusiveMinimum !== undefined && v <= s.exclusiveMinimum) return `${at}: not above ${s.exclusiveMinimum}`;
    if (s.exclusiveMaximum !== undefined && v >= s.exclusiveMaximum) return `${at}: not below ${s.exclusiveMaximum}`;
    if (s.multipleOf !== undefined && !Number.isInteger(v / s.multipleOf)) return `${at}: not a multiple of ${s.multipleOf}`;
  }
  if (Array.isArray(v)) {
    if (s.minItems !== undefined && v.length < s.minItems) return `${at}: fewer than ${s.minItems} items`;
    if (s.maxItems !== undefined && v.length > s.maxItems) return `${at}: more than ${s.maxItems} items`;
    const prefix = s.prefixItems || [];
    for (let i = 0; i < v.length; i++) {
      const problem = problemAt(root, i < prefix.length ? prefix[i] : s.items, v[i], `${at}.${i}`);
      if (problem !== undefined) return problem;
    }
  }
  if (isType(v, 'object')) {
    const keys = Object.keys(v);
    if (s.minProperties !== undefined && keys.length < s.minProperties) return `${at}: fewer than ${s.minProperties} members`;
    if (s.maxProperties !== undefined && keys.length > s.maxProperties) return `${at}: more than ${s.maxProperties} members`;
    for (const name of s.required || []) if (!(name in v)) return `${at}: missing member ${name}`;
    for (const key of keys) {
      const member = `${at === '(root)' ? '' : `${at}.`}${key}`;
      const own = s.properties && Object.prototype.hasOwnProperty.call(s.properties, key);
      const problem = (s.propertyNames && problemAt(root, s.propertyNames, key, member)) || problemAt(root, own ? s.properties[key] : s.additionalProperties, v[key], member);
      if (problem !== undefined) return problem;
    }
  }
  for (const sub of s.allOf || []) {
    const problem = problemAt(root, sub, v, at);
    if (problem !== undefined) return problem;
  }
  if (s.anyOf && !s.anyOf.some((/** @type {unknown} */ sub) => problemAt(root, sub, v, at) === undefined)) return `${at}: matches none of the ${s.anyOf.length} alternatives`;
  if (s.oneOf && s.oneOf.filter((/** @type {unknown} */ sub) => problemAt(root, sub, v, at) === undefined).length !== 1) return `${at}: does not match exactly one of the ${s.oneOf.length} alternatives`;
  if (s.not !== undefined && problemAt(root, s.not, v, at) === undefined) return `${at}: matches what is excluded`;
  return undefined;
}

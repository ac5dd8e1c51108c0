// Types of schema-check.js, a plain JavaScript file because the k6 export inlines it into the script.

/** The JSON Schema keywords schema-check.js checks or knows as annotations. */
export declare const KEYWORDS: readonly string[];

/** The first way `value` departs from `schema`, as "path: expectation", or undefined when it conforms. */
export declare function schemaProblem(schema: unknown, value: unknown): string | undefined;

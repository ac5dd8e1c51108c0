// The types of stryker.config.mjs's named exports, for test/mutation/run.ts.
/** What is not mutated (a path prefix), and why. */
export declare const LEFT_OUT: Readonly<Record<string, string>>;
/** Every file Stryker mutates. */
export declare const MUTATED: readonly string[];
declare const config: import('@stryker-mutator/api/core').PartialStrykerOptions;
export default config;

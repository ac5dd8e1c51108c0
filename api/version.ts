import { API_TITLE, API_VERSION } from '../models/index.ts';
import { toolVersion } from '../support/version.ts';

// What `vmp-conformance version` (and --version, -v) states: this package's version, the Node.js that runs it, and
// the version of the API whose spec the suite enforces (models/api-version.ts).

export interface VersionInfo {
  /** This package's version (package.json). */
  version: string;
  /** The Node.js running it, as process.version (`v20.19.0`). */
  node: string;
  /** The version of the Partner API the rules come from, as its Versioning section states it (`v3`). */
  api: string;
  /** The API's name. */
  apiTitle: string;
}

/** This package's version, the Node.js version running it and the API version the rules enforce (`vmp-conformance version`). */
export function versionInfo(): VersionInfo {
  return { version: toolVersion(), node: process.version, api: API_VERSION, apiTitle: API_TITLE };
}

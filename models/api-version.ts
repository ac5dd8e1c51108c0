// Versioning: "The API version is v3; it is the first path segment of every path, and the home document is at
// /v3." The version this suite enforces, as `vmp-conformance version` and the OpenAPI document's info state it.

export const API_TITLE = 'Vehicle Marketplace Partner API';
export const API_VERSION = 'v3';

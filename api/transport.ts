// How a command reaches its target's network (sut/transport.ts): CAs, a client certificate, --insecure, a proxy;
// checked before anything starts, and said on the console and in the reports.
export type { TransportSettings } from '../sut/transport.ts';
export { checkTransport } from '../sut/transport-check.ts';
export { shownProxy } from '../sut/proxy-choice.ts';
export { transportFacts, transportLines } from '../sut/transport-notes.ts';

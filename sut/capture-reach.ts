import { isLoopback } from './loopback.ts';

// Where a run's webhook capture server listens, and the URL the target calls it back on. A target on this
// machine reaches 127.0.0.1; one elsewhere (staging) needs a URL that leads here — a tunnel or a public
// address — and a capture server listening where that URL ends (--callback-url, --capture-listen).

export interface CaptureReach {
  /** Interface the capture server listens on (127.0.0.1 by default). */
  host: string;
  /** Port it listens on, 1 to 65535; 0 picks a free one (then no publicUrl can lead to it). */
  port: number;
  /** The base URL the target is given for callbacks, when it is not the capture server's own address. */
  publicUrl?: string;
}

export const LOCAL_CAPTURE: CaptureReach = { host: '127.0.0.1', port: 0 };

/** Why the target's deliveries cannot reach this run's capture server, or undefined when they can. */
export function unreachableBecause(baseUrl: string, reach: CaptureReach): string | undefined {
  if (reach.publicUrl !== undefined || isLoopback(baseUrl)) return undefined;
  return `${new URL(baseUrl).host} is not on this machine, so it cannot call back the capture server on ${reach.host}: give --callback-url (a URL that leads to this machine, e.g. a tunnel) and --capture-listen (where that URL ends)`;
}

import type { Client } from 'autocannon';
import type { LoadRecorder } from './load-recorder.ts';
import type { Operation } from './load-mix.ts';

// What a load run keeps of response bodies: nothing, except the sampled responses validation reads, and of those
// at most `cap` bytes (the suites' own cap); larger is reported, not read into memory. A target answering 200 with
// a body of 500 MB, or one that never ends, costs the generator nothing but the bytes passing through.

/** Drains a response body, keeping its text only when asked and only up to `cap` bytes (undefined beyond). */
export async function drainBody(body: AsyncIterable<Buffer>, keep: boolean, cap: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (!keep || size > cap) continue;
    size += chunk.length;
    if (size <= cap) chunks.push(chunk);
    else chunks.length = 0;
  }
  return keep && size <= cap ? Buffer.concat(chunks).toString('utf8') : undefined;
}

/**
 * The operation a request of the closed model sends, on the request itself: autocannon copies each request's
 * own properties (symbols too) and hands the copy back with its response (Pending.req).
 */
export const OPERATION = Symbol('vmp.operation');

/** One response in autocannon's queue, as its parser fills it (autocannon's own fields, and ours). */
interface Pending {
  req: { [OPERATION]?: Operation };
  body: string;
  /** Ours: whether validation reads this response, decided at its first body bytes (or at its end). */
  sampled?: boolean;
  chunks?: Buffer[];
  size?: number;
  over?: boolean;
}

interface Queue {
  peek(): Pending | undefined;
  addBody(data: Buffer): void;
  terminateRequest(): Pending | undefined;
}

/**
 * autocannon appends every body chunk of every response to a string (PipelinedRequestsQueue.addBody), whether
 * anyone reads it or not; its `setupClient` hook runs before the first request, so the queue's two methods are
 * replaced there. The response just completed is handed to `onTerminated` synchronously, before autocannon emits
 * its 'response'.
 */
export function keepSampledBodies(recorder: LoadRecorder, cap: number, onTerminated: (p: Pending) => void): (client: Client) => void {
  return (client) => {
    const queue = (client as unknown as { pipelinedRequests: Queue }).pipelinedRequests;
    const terminate = queue.terminateRequest.bind(queue);
    queue.addBody = (data: Buffer) => {
      const p = queue.peek();
      if (!p) return;
      p.sampled ??= recorder.sampleNext();
      if (!p.sampled || p.over) return;
      p.size = (p.size ?? 0) + data.length;
      if (p.size > cap) {
        p.over = true;
        p.chunks = [];
        return;
      }
      // Copied: the parser's buffer is reused for the next bytes.
      (p.chunks ??= []).push(Buffer.from(data));
    };
    queue.terminateRequest = () => {
      const p = terminate();
      if (!p) return p;
      p.sampled ??= recorder.sampleNext();
      if (p.sampled) {
        p.body = p.over ? '' : Buffer.concat(p.chunks ?? []).toString('utf8');
        p.chunks = [];
      }
      onTerminated(p);
      return p;
    };
  };
}

export type { Pending as PendingResponse };

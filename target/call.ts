import { endpoint, expandPath, type MediaForm } from '../models/index.ts';
import type { SendRequest, TargetClient, TargetResponse } from './client.ts';

export interface EndpointCall extends Omit<SendRequest, 'method' | 'path' | 'endpointId'> {
  params?: Record<string, string | number>;
}

/** Sends a request to a catalog endpoint by id, expanding its path template. */
export function callEndpoint(client: TargetClient, endpointId: string, call: EndpointCall = {}): Promise<TargetResponse> {
  const e = endpoint(endpointId);
  const { params = {}, ...rest } = call;
  return client.send({ ...rest, endpointId, method: e.method, path: expandPath(e.path, params) });
}

export type { MediaForm };

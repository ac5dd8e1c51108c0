import { endpoint, expandPath, type MediaForm } from '../models/index.ts';
import type { SendRequest, TargetClient, TargetResponse } from './client.ts';

export interface EndpointCall extends Omit<SendRequest, 'method' | 'path' | 'endpointId'> {
  params?: Record<string, string | number>;
}

/** The request a call to a catalog endpoint sends: its method, and its path template expanded. */
export function endpointRequest(endpointId: string, call: EndpointCall = {}): SendRequest {
  const e = endpoint(endpointId);
  const { params = {}, ...rest } = call;
  return { ...rest, endpointId, method: e.method, path: expandPath(e.path, params) };
}

/** Sends a request to a catalog endpoint by id, expanding its path template. */
export function callEndpoint(client: TargetClient, endpointId: string, call: EndpointCall = {}): Promise<TargetResponse> {
  return client.send(endpointRequest(endpointId, call));
}

export type { MediaForm };

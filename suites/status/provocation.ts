import type { MediaForm } from '../../models/index.ts';
import type { TargetResponse } from '../../sut/client.ts';
import type { Check } from '../harness/check.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';

// How to provoke one documented status of one endpoint with the fewest, safest requests. The status suite
// walks the endpoint catalog and looks each (endpoint, status) up in these tables, keyed `${id}/${status}`.

export interface Provoked {
  /** The response whose status and body are judged. */
  res: TargetResponse;
  /** The media form requested, when one was: the body is judged in that form. */
  form?: MediaForm;
}

export interface StatusContext {
  /** Saves webhook configurations before a provocation changes them; restored in afterAll. */
  session: WebhookSession;
}

export interface Provocation {
  /** Changes the target (acts only on what the run creates or saved): skipped in read-only runs. */
  mutates?: boolean;
  provoke(c: Check, s: StatusContext): Promise<Provoked>;
}

export type ProvocationTable = Record<string, Provocation>;

/** A read with the first media form the row offers (or none), judged in that form. */
export async function read(
  c: Check,
  endpointId: string,
  call: { params?: Record<string, string | number>; query?: Record<string, string> },
  form: MediaForm | undefined = 'json',
): Promise<Provoked> {
  const res = await c.send(endpointId, { ...call, ...(form ? { form } : {}) });
  return form ? { res, form } : { res };
}

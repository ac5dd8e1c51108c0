import { enc, SUR, TOPIC_INQUIRY } from '../faults-r3/seed-facts.ts';
import type { Answer, Receiver, WitnessClient } from '../faults-r3/witness-client.ts';

// Steps several witnesses share.

export interface Resent {
  receiver: Receiver;
  /** Deliveries the receiver had when resend was asked (the inquiry's own webhook among them). */
  before: number;
  answer: Answer;
}

/** An inquiry of SUR notified to a fresh receiver, then its webhook resent once; deliveries settled both times. */
export async function resendOnce(w: WitnessClient): Promise<Resent> {
  const receiver = await w.receiver();
  await w.subscribe(TOPIC_INQUIRY, receiver.url);
  const sid = await w.inquiry(SUR);
  await w.settle();
  const before = receiver.received.length;
  const answer = await w.call('POST', `/v3/consultas/${enc(SUR)}/${sid}/resendwebhook`);
  await w.settle(1000);
  return { receiver, before, answer };
}

/** What a fresh receiver subscribed to `topic` gets while `act` runs (deliveries settled). */
export async function deliveredDuring(w: WitnessClient, topic: string, act: () => Promise<unknown>): Promise<number> {
  const receiver = await w.receiver();
  await w.subscribe(topic, receiver.url);
  await act();
  await w.settle(1000);
  return receiver.received.length;
}

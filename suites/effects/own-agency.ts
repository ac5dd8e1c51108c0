import { afterAll } from 'vitest';
import type { ConsultaInput } from '../../models/index.ts';
import { callEndpoint } from '../../sut/call.ts';
import type { TargetResponse } from '../../sut/client.ts';
import { freshInquiry, hookInquiry } from '../events/hooks.ts';
import type { Check } from '../harness/check.ts';
import { targetClient } from '../harness/context.ts';
import { registerFreshAgency } from '../harness/invitations.ts';
import type { WebhookSession } from '../harness/webhook-session.ts';

// Agencies this run registers and the inquiries it injects into them, for the checks that follow a transition
// to its effects (States and transitions, Authentication). Every agency is dissociated again in afterAll, so
// the app keeps only what it had; injections go to the app's inquiry topic, which points at the suite's own
// receiver first (saved and restored by the webhook session), so no inquiry of ours reaches a real callback.

/** The callback path the inquiry topic is pointed at while these checks inject and resend. */
export const INQUIRY_CALLBACK = 'effects-inquiry';

export interface Injected {
  sid: string;
  /** The inquiry's URI as the hook gave it (the built-in contract's Location); absent from a hook that gives a sid only. */
  location?: string;
  /** The hook's answer (the built-in contract's 201), or a command's run. */
  res: TargetResponse;
  sent: ConsultaInput;
}

export interface OwnAgencies {
  /** An agency this run invited and registered through the hooks (skips without them); dissociated in afterAll. */
  register(c: Check): Promise<string>;
  /** Dissociates in afterAll an agency a check registered on its own. */
  adopt(adminMail: string): void;
  /**
   * An inquiry received by `adminMail`, injected through the hooks. The inquiry topic is first pointed at the
   * suite's receiver, unless `point` is false (a check that set the topic up itself).
   */
  inject(c: Check, adminMail: string, point?: boolean): Promise<Injected>;
  /** Points the primary app's inquiry topic at the suite's receiver: before a resend or an injection. */
  pointInquiryTopic(c: Check): Promise<void>;
}

/** Declares the helpers of one suite file; call at its top level (it registers afterAll). */
export function ownAgencies(session: WebhookSession): OwnAgencies {
  const registered: string[] = [];

  afterAll(async () => {
    // 403 for those a check dissociated already: the answer does not matter, only that none stays associated.
    for (const adminMail of registered) await callEndpoint(targetClient(), 'agencias-desasociar', { params: { adminMail } });
  });

  const own: OwnAgencies = {
    async register(c) {
      const adminMail = await registerFreshAgency(c);
      own.adopt(adminMail);
      return adminMail;
    },
    adopt(adminMail) {
      registered.push(adminMail);
    },
    async pointInquiryTopic(c) {
      const topic = c.ctx.profile.topics.inquiry;
      const res = await session.configure('primary', topic, await session.callbackUrl(INQUIRY_CALLBACK));
      c.givenStatus(res, [200, 201], `pointing the inquiry topic '${topic}' at the run's receiver`);
    },
    async inject(c, adminMail, point = true) {
      if (point) await own.pointInquiryTopic(c);
      // The agency's own administrator answers for it: an operator the agency surely has.
      const sent = { ...freshInquiry(c), OperadorResponsable: adminMail };
      return { ...(await hookInquiry(c, adminMail, sent)), sent };
    },
  };
  return own;
}

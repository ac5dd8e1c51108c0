import { randomBytes } from 'node:crypto';
import { LIMITS, parseOffsetDateTime, type ConsultaInput } from '../../models/index.ts';
import type { AppName } from '../../sut/profile.ts';
import type { Agency, Inquiry, WebhookConfig } from './types.ts';

// All reads and writes of the state. Every method is synchronous, so a check-and-set (invite, POST of a
// topic) runs to completion before any other request is looked at: parallel POSTs of one topic give exactly
// one 201; parallel invitations of one AdminMail all get 202 and make one pending agency (issue 3, Robust and
// safe; States and transitions: an invitation still pending registers nothing, so inviting again is accepted).

/** Inquiry ids: this many characters, within LIMITS.sid (checked below). */
export const SID_LENGTH = 24;
if (SID_LENGTH < LIMITS.sid.minLength || SID_LENGTH > LIMITS.sid.maxLength) throw new Error('SID_LENGTH outside LIMITS.sid');

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

export function randomSid(): string {
  let sid = '';
  while (sid.length < SID_LENGTH) {
    // Rejection sampling keeps the alphabet uniform: 248 is the largest multiple of 62 below 256.
    for (const b of randomBytes(SID_LENGTH)) if (b < 248 && sid.length < SID_LENGTH) sid += BASE62[b % 62];
  }
  return sid;
}

export const foldMail = (adminMail: string) => adminMail.toLowerCase();

const newestFirst = (a: Inquiry, b: Inquiry) => b.epochMs - a.epochMs || (a.sid < b.sid ? -1 : a.sid > b.sid ? 1 : 0);

export class Store {
  private readonly agencies = new Map<string, Agency>();
  private readonly webhooks = new Map<AppName, Map<string, WebhookConfig>>();
  private readonly sids = new Set<string>();

  constructor(agencies: readonly Agency[]) {
    for (const agency of agencies) {
      agency.inquiries.sort(newestFirst);
      for (const inquiry of agency.inquiries) this.sids.add(inquiry.sid);
      this.agencies.set(agency.key, agency);
    }
  }

  /** The agency under this adminMail in any state, whoever invited it. */
  agency(adminMail: string): Agency | undefined {
    return this.agencies.get(foldMail(adminMail));
  }

  /** Authentication: "an agency is visible only if it is associated with the calling app". */
  visibleAgency(app: AppName, adminMail: string): Agency | undefined {
    const agency = this.agency(adminMail);
    return agency && agency.estado === 'registrada' && agency.apps.has(app) ? agency : undefined;
  }

  /** An agency the app registered or is inviting: what GET/OPTIONS on an invitation's Location shows. */
  invitationOrAgency(app: AppName, adminMail: string): Agency | undefined {
    const agency = this.agency(adminMail);
    if (!agency) return undefined;
    if (agency.estado === 'pendiente') return agency.invitedBy.has(app) ? agency : undefined;
    return agency.apps.has(app) ? agency : undefined;
  }

  agenciesOf(app: AppName): Agency[] {
    return [...this.agencies.values()].filter((a) => a.estado === 'registrada' && a.apps.has(app));
  }

  /**
   * The app's invitation of the agency `fresh` describes: added when its adminMail is new, the app added to the
   * inviters of one still pending (the first invitation's fields stay); undefined when it is registered already.
   */
  invite(app: AppName, fresh: Agency): Agency | undefined {
    const known = this.agencies.get(fresh.key);
    if (!known) {
      this.agencies.set(fresh.key, fresh);
      return fresh;
    }
    if (known.estado !== 'pendiente') return undefined;
    known.invitedBy.add(app);
    return known;
  }

  addInquiry(agency: Agency, consulta: ConsultaInput, app?: AppName): Inquiry {
    let sid = randomSid();
    while (this.sids.has(sid)) sid = randomSid();
    this.sids.add(sid);
    const inquiry: Inquiry = { sid, consulta, epochMs: parseOffsetDateTime(consulta.Momento)!.epochMs, ...(app ? { app } : {}) };
    const list = agency.inquiries;
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (newestFirst(list[mid]!, inquiry) < 0) lo = mid + 1;
      else hi = mid;
    }
    list.splice(lo, 0, inquiry);
    return inquiry;
  }

  inquiry(agency: Agency, sid: string, app: AppName): Inquiry | undefined {
    return agency.inquiries.find((i) => i.sid === sid && inquiryVisible(i, app));
  }

  webhooksOf(app: AppName): Map<string, WebhookConfig> {
    let configs = this.webhooks.get(app);
    if (!configs) {
      configs = new Map();
      this.webhooks.set(app, configs);
    }
    return configs;
  }
}

/** What the service does: an app sees the inquiries its own publications received (and the seeded ones, Inquiry.app). */
export const inquiryVisible = (inquiry: Inquiry, app: AppName): boolean => inquiry.app === undefined || inquiry.app === app;

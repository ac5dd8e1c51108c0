// In-memory state of the independent server: apps, agencies, invitations, inquiries, webhook configurations.
import { fold } from './validate.ts';

export interface App {
  id: string;
  credential: string;
  topics: readonly string[];
}

export interface Publication {
  externalId: string;
  app: string;
  suspended: boolean;
}

export interface Agency {
  adminMail: string;
  razonSocial: string;
  nombreComercial: string | null;
  telefono: string | null;
  direccion: string | null;
  operadores: string[];
  /** Apps the agency is associated with. */
  apps: Set<string>;
  /** Apps the agency enabled to see further kinds of inquiries (Authentication). */
  enabledApps: Set<string>;
  invitedAt: Date | null;
  registeredAt: Date;
  publications: Publication[];
}

export interface Invitation {
  app: string;
  adminMail: string;
  razonSocial: string;
  telefono: string | null;
  sentAt: Date;
  completedAt: Date | null;
}

/** A Consulta as received (without _links); Momento is kept as an instant. */
export interface Inquiry {
  sid: string;
  agency: string;
  /** The app whose publication received it; null for kinds the agency must enable. */
  app: string | null;
  momento: Date;
  fields: Record<string, unknown>;
}

export interface WebhookConfig {
  url: string;
  /** null: deliveries go unsigned (a variant whose secret member is optional). */
  secret: string | null;
  createdAt: Date;
  updatedAt: Date;
}

export class Store {
  readonly apps = new Map<string, App>();
  readonly agencies = new Map<string, Agency>();
  readonly invitations = new Map<string, Invitation>();
  readonly inquiries = new Map<string, Inquiry>();
  readonly webhooks = new Map<string, Map<string, WebhookConfig>>();
  /** E-mails "sent" to invited addresses: they leave the API, kept for inspection only. */
  readonly outbox: { to: string; at: Date }[] = [];

  appByCredential(credential: string): App | undefined {
    for (const app of this.apps.values()) if (app.credential === credential) return app;
    return undefined;
  }

  /** A registered agency associated with the app (adminMail matched case-insensitively). */
  agencyOf(app: App, adminMail: string): Agency | undefined {
    const agency = this.agencies.get(fold(adminMail));
    return agency?.apps.has(app.id) ? agency : undefined;
  }

  invitation(app: App, adminMail: string): Invitation | undefined {
    return this.invitations.get(`${app.id} ${fold(adminMail)}`);
  }

  saveInvitation(invitation: Invitation): void {
    this.invitations.set(`${invitation.app} ${fold(invitation.adminMail)}`, invitation);
  }

  inquiryVisible(app: App, inquiry: Inquiry): boolean {
    const agency = this.agencies.get(inquiry.agency);
    if (!agency?.apps.has(app.id)) return false;
    return inquiry.app === app.id || agency.enabledApps.has(app.id);
  }

  topicsOf(app: App): Map<string, WebhookConfig> {
    let topics = this.webhooks.get(app.id);
    if (!topics) {
      topics = new Map();
      this.webhooks.set(app.id, topics);
    }
    return topics;
  }
}

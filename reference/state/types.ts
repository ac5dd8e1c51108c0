import type { ConsultaInput } from '../../models/index.ts';
import type { AppName } from '../../sut/profile.ts';

// The server's mutable state. Invitation states (States and transitions: names "not shown") are ours:
// pendiente (invited, not yet registered) and registrada (registered; visible to its associated apps).
export type InvitationState = 'pendiente' | 'registrada';

export interface Productos {
  plan: string;
  contratadas: number;
  activas: number;
  destaques: number;
  vigenteHasta: string;
}

export interface Inquiry {
  sid: string;
  /** Stored as given (hooks) or as seeded; served with _links added. */
  consulta: ConsultaInput;
  epochMs: number;
  /**
   * What the service does: "Inquiries visible to the app are those received by publications that the app
   * published". The app whose publication received it (the simulation hook's caller); none for a seeded inquiry,
   * which every app of its agency sees (the reference's choice: as if the agency had enabled them all for it).
   */
  app?: AppName;
}

export interface Agency {
  /** adminMail folded to lower case: the path segment "is matched case-insensitively". */
  key: string;
  adminMail: string;
  /** Agencia data fields (RazonSocial, Telefono, ... and the profile's template fields). */
  fields: Record<string, unknown>;
  operadores: string[];
  estado: InvitationState;
  /** Apps that invited it: an invitation still pending may be accepted again, by any app (States and transitions). */
  invitedBy: Set<AppName>;
  invitadaEl: string | null;
  registradaEl: string | null;
  /** Apps the agency is associated with; desasociar removes one, the agency keeps its account. */
  apps: Set<AppName>;
  productos: Productos;
  /** Sorted by Momento descending, sid ascending on ties. */
  inquiries: Inquiry[];
}

export interface WebhookConfig {
  topic: string;
  url: string;
  /** Every AppWebhookUpsert field as given, the URL field included. */
  fields: Record<string, unknown>;
  creadaEl: string;
  modificadaEl: string;
}

import type { Choices } from '../choices.ts';
import { agenciaFull, consultaFull } from '../representations.ts';
import type { Agency, Inquiry } from '../state/types.ts';

// Webhook payloads (Events: "delivery payloads ... not shown"). An inquiry payload names its topic, agency
// and sid and carries the Consulta (full form, _links included) at the profile's webhooks.consultaPointer —
// "/Consulta" in the reference profile; "" makes the payload the Consulta itself.

/** Sets `value` at a JSON pointer below `envelope`, creating the objects on the way (the envelope holds only strings). */
function place(pointer: string, envelope: Record<string, unknown>, value: unknown): unknown {
  if (pointer === '') return value;
  const tokens = pointer
    .split('/')
    .slice(1)
    .map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  let node = envelope;
  tokens.slice(0, -1).forEach((token) => {
    node = node[token] = {};
  });
  node[tokens[tokens.length - 1]!] = value;
  return envelope;
}

export function inquiryPayload(c: Choices, agency: Agency, inquiry: Inquiry): unknown {
  // Stryker disable next-line ObjectLiteral: Events: "Delivery payloads (other than being the inquiry webhook payload on resend) … not shown" (the envelope's members are the reference's)
  return place(c.consultaPointer, { Topic: c.inquiryTopic, AdminMail: agency.adminMail, Sid: inquiry.sid }, consultaFull(agency, inquiry));
}

export function registrationPayload(c: Choices, agency: Agency): unknown {
  return { Topic: c.registrationTopic, AdminMail: agency.adminMail, Estado: agency.estado, Agencia: agenciaFull(agency, c) };
}

import { checkParam, endpoint } from '../../models/index.ts';

// An e-mail parameter names one address (Endpoints > Agencias: operador "e-mail of one of the agency's operators";
// Consultas: operador "(email; only inquiries visible to that collaborator)"). A strict part of an address that is
// itself an e-mail — the address with the first character of its local part left out (a suffix), or with the last
// character of its domain left out (a prefix) — is another address: a filter that matches a part of an address
// takes it for the whole one.

const OPERADOR = endpoint('agencias-list').params.find((p) => p.name === 'operador')!;

/**
 * Strict parts of `mail` that are valid e-mails and none of `known` (case aside): the addresses a filter matching
 * "part of" an address would take for `mail`.
 */
export function emailParts(mail: string, known: Iterable<string>, today: string): string[] {
  const at = mail.lastIndexOf('@');
  if (at <= 0) return [];
  const [local, domain] = [mail.slice(0, at), mail.slice(at + 1)];
  const taken = new Set([...known].map((k) => k.toLowerCase()));
  const parts = [`${local.slice(1)}@${domain}`, `${local}@${domain.slice(0, -1)}`];
  return parts.filter((p) => !taken.has(p.toLowerCase()) && p.toLowerCase() !== mail.toLowerCase() && checkParam(OPERADOR, p, today).valid);
}

import { inRow, type Statement } from './statement.ts';

/**
 * Statements of one row of an Endpoints table, ids `endpoints/<endpoint id>/<name>`: the row is identified
 * by its Method and Path cells.
 */
export function endpointRow(section: string, endpointId: string, method: string, path: string) {
  const cell = inRow(section, `| ${method} | ${path} |`);
  return (name: string, quote: string, rules: readonly string[], reason?: string): Statement => cell(`endpoints/${endpointId}/${name}`, quote, rules, reason);
}

/** The adminMail limits, as every row that takes the path parameter states them. */
export const ADMIN_MAIL_LIMITS = [
  'limits/admin-mail-max-50/at-limit-accepted',
  'limits/admin-mail-max-50/past-limit-rejected',
  'limits/admin-mail-email-format/non-email-rejected',
  'limits/email-format/invalid-forms-rejected',
];

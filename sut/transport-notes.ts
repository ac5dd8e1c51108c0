import { z } from 'zod';
import { html, type Markup } from '../support/html-escape.ts';
import { proxyFor, shownProxy } from './proxy-choice.ts';
import type { TransportSettings } from './transport.ts';

// How a run reached its target, as the reports record it (results.json's target.transport) and every output says
// it: above all that the target's certificate was not verified (--insecure), which no report may leave unsaid —
// a PASS over an unverified connection proves nothing about who answered.

export const transportFactsSchema = z.object({
  /** --insecure: the target's certificate was not verified. */
  insecure: z.boolean().optional(),
  /** --ca files (absolute), trusted besides Node's own CAs and NODE_EXTRA_CA_CERTS. */
  ca: z.array(z.string()).optional(),
  /** The client certificate and key files (absolute). */
  cert: z.string().optional(),
  key: z.string().optional(),
  /** The proxy requests to the base URL went through, credentials redacted, and where it was set. */
  proxy: z.object({ url: z.string(), source: z.string() }).optional(),
});
export type TransportFacts = z.infer<typeof transportFactsSchema>;

export const INSECURE_WARNING =
  "WARNING: --insecure: the target's TLS certificate is NOT verified. Whoever sits between this machine and the target can read and change this run's traffic, credentials included, and the verdict cannot say who answered.";

/** What the reports record of a run's settings for reaching `baseUrl`; undefined when there is nothing to say. */
export function transportFacts(s: TransportSettings | undefined, baseUrl: string): TransportFacts | undefined {
  if (!s) return undefined;
  const proxy = proxyFor(baseUrl, s);
  const facts: TransportFacts = {
    ...(s.insecure ? { insecure: true } : {}),
    ...(s.ca?.length ? { ca: s.ca } : {}),
    ...(s.cert !== undefined ? { cert: s.cert } : {}),
    ...(s.key !== undefined ? { key: s.key } : {}),
    ...(proxy ? { proxy: { url: shownProxy(proxy.url), source: proxy.source } } : {}),
  };
  return Object.keys(facts).length > 0 ? facts : undefined;
}

/** transportFacts as the optional `transport` member of the facts a report is built from. */
export function transportField(s: TransportSettings | undefined, baseUrl: string): { transport?: TransportFacts } {
  const facts = transportFacts(s, baseUrl);
  return facts ? { transport: facts } : {};
}

/** The console's lines about them, the warning first. */
export function transportLines(f: TransportFacts | undefined): string[] {
  if (!f) return [];
  return [
    ...(f.insecure ? [INSECURE_WARNING] : []),
    ...(f.ca ? [`trusting the CAs in ${f.ca.join(', ')} (--ca), besides Node's own`] : []),
    ...(f.cert ? [`client certificate ${f.cert}${f.key && f.key !== f.cert ? ` (key ${f.key})` : ''}`] : []),
    ...(f.proxy ? [`through the proxy ${f.proxy.url} (${f.proxy.source})`] : []),
  ];
}

/** The same in a report.html header: the warning in the page's message style, then a `transport` entry of its list. */
export function transportHtml(f: TransportFacts | undefined): { warning: Markup | ''; entry: Markup | '' } {
  const lines = transportLines(f).filter((line) => line !== INSECURE_WARNING);
  return {
    warning: f?.insecure ? html`<p class="message" id="insecure">${INSECURE_WARNING}</p>` : '',
    entry: lines.length ? html`<dt>transport</dt><dd>${lines.join('; ')}</dd>` : '',
  };
}

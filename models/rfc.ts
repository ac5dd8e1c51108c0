// Limits that come from the RFCs the spec's words lean on — "email" (RFC 5321/5322) and URIs (RFC 9110) — not
// from the spec itself: they decide what a reasonable implementation may refuse where the spec states no limit.

/** RFC 5321 section 4.5.3.1: a local part of at most 64 octets, a forward-path of 256 (an address of 254). */
export const RFC5321 = { localPartMaxOctets: 64, addressMaxOctets: 254 } as const;

/**
 * RFC 9110 section 4.1: "It is RECOMMENDED that all senders and recipients support, at a minimum, URIs with
 * lengths of 8000 octets." A longer request target may be refused as too long (414, or 431 where the server
 * counts the request line with the header fields).
 */
export const RFC9110 = { uriMinOctets: 8000, uriTooLong: [414, 431] } as const;

export const utf8Octets = (s: string): number => new TextEncoder().encode(s).length;

/**
 * RFC 9110 section 8.8.3: `entity-tag = [ weak ] opaque-tag`, `weak = %s"W/"`, `opaque-tag = DQUOTE *etagc DQUOTE`,
 * `etagc = %x21 / %x23-7E / obs-text`. An ETag field value is one entity-tag: `"xyzzy"` or `W/"xyzzy"`, never a
 * bare token (`xyzzy`) nor a tag with a DQUOTE, space or control character inside.
 */
export const isEntityTag = (value: string): boolean => /^(?:W\/)?"[\x21\x23-\x7e\x80-\xff]*"$/.test(value);

// What HTTP lets a header carry (RFC 9110 §5.1 field names, §5.5 field values), checked when a profile is
// loaded: a header the client cannot send is a bad profile (exit 2 naming the field), not an unreachable target.

/** A field name is a token. */
export const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;
export const HEADER_NAME_MESSAGE = "expected an HTTP header name (letters, digits and !#$%&'*+-.^_`|~)";

const VALUE_FORBIDDEN: readonly [RegExp, string][] = [
  [/[\r\n]/, 'a line break (CR or LF)'],
  [/[\u0000-\u0008\u000a-\u001f\u007f]/, 'a control character'],
  [/[^\u0000-\u00ff]/, 'a character beyond Latin-1, which a header cannot carry (percent-encode it, or use its bytes)'],
];

/** Why a header value cannot be sent, or undefined when it can. */
export function headerValueProblem(value: string): string | undefined {
  return VALUE_FORBIDDEN.find(([pattern]) => pattern.test(value))?.[1];
}

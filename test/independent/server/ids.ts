// Identifiers this server invents: inquiry sids (24 characters, within the spec's 20 to 30) and delivery ids.
import { randomInt } from 'node:crypto';

const alphabet = 'abcdefghijkmnpqrstuvwxyz23456789';

export function randomSid(rand: () => number = () => randomInt(0, 2 ** 32) / 2 ** 32): string {
  let sid = '';
  for (let i = 0; i < 24; i++) sid += alphabet[Math.floor(rand() * alphabet.length)];
  return sid;
}

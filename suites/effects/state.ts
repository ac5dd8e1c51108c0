import type { TargetResponse } from '../../sut/client.ts';
import { canonical } from '../harness/canonical.ts';
import type { Check } from '../harness/check.ts';
import { resolvePointer } from '../../sut/json-pointer.ts';

// States and transitions: "GET or OPTIONS returns the state of the invitation"; the names of the states are not
// shown. The state is the value at the profile's invitationState.pointer; without one (or where nothing sits
// there), the whole body stands for it, timestamps aside.

/** The state a response gives, as canonical JSON; undefined when it gives none (no 2xx JSON object). */
export function invitationState(c: Check, res: TargetResponse): string | undefined {
  const ok = res.status !== undefined && res.status >= 200 && res.status < 300 && !res.error;
  if (!ok || res.json === null || typeof res.json !== 'object') return undefined;
  const pointer = c.ctx.profile.invitationState?.pointer;
  const value = pointer === undefined ? undefined : resolvePointer(res.json, pointer);
  return canonical(value === undefined ? res.json : value);
}

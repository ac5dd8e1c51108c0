import type { SendRequest, TargetResponse } from '../client.ts';
import { inquiryAnswer, notDone, type HookDeps, type HooksAdapter } from './adapter.ts';
import { sendOwn } from './send-own.ts';

// This tool's hook contract (docs/simulation-hooks.md, served by reference/handlers/sim.ts), under the profile's
// base, authenticated like /v3 as the calling app: POST {hooks}/consultas {"adminMail", "consulta"} → 201 {"sid"}
// with Location; POST {hooks}/agencias/{adminMail}/registro → 204. Never {hooks}/reset.

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;

export function builtinHooks(base: string, deps: HookDeps): HooksAdapter {
  const trimmed = base.replace(/\/+$/, '');
  // A relative base is the target's own path: the run's send, recorded like its other requests.
  const post = (subpath: string, req: Omit<SendRequest, 'method' | 'path'>): Promise<TargetResponse> =>
    ABSOLUTE.test(trimmed)
      ? sendOwn(deps, trimmed, { method: 'POST', path: subpath, ...req })
      : deps.send({ method: 'POST', path: `/${trimmed.replace(/^\/+/, '')}${subpath}`, ...req });
  return {
    describe: `the simulation hooks at ${base}`,
    givesLocation: true,
    async inquiry({ app, adminMail, consulta }) {
      const res = await post('/consultas', { app, json: { adminMail, consulta } });
      const what = `POST {hooks}/consultas of an inquiry for ${adminMail}`;
      if (res.status !== 201) return notDone(res, `${what} answered 201`);
      const sid = (res.json as { sid?: unknown } | undefined)?.sid;
      if (typeof sid !== 'string' || sid === '') return notDone(res, `${what} answered {"sid": string}`);
      return inquiryAnswer(res, { sid, ...(res.headers.location !== undefined ? { location: res.headers.location } : {}) }, what);
    },
    async registration({ app, adminMail }) {
      const res = await post(`/agencias/${encodeURIComponent(adminMail)}/registro`, { app });
      return res.status === 204 ? { done: true, res } : notDone(res, `POST {hooks}/agencias/${adminMail}/registro of the pending invitation answered 204`);
    },
  };
}

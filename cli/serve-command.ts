import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { isCalendarDate } from '../models/index.ts';
import { ServerOptionError, startReferenceServer, type ReferenceServer } from '../reference/server.ts';
import { loadProfile, ProfileError } from '../target/profile-load.ts';
import { UsageError } from './errors.ts';

// `vmp-conformance serve`: the embedded reference server as a local sandbox (issue 3, Command). Prints the
// base URL, each app's credentials and the hooks path, then runs until SIGINT or SIGTERM.

const DEFAULT_PROFILE = fileURLToPath(new URL('../profiles/reference.json', import.meta.url));
/** A fixed port, so a sandbox URL stays the same between runs; --port 0 picks a free one. */
const DEFAULT_PORT = 4010;

function integerFlag(name: string, value: string | undefined, min: number, max: number): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^-?\d+$/.test(value) || n < min || n > max) throw new UsageError(`--${name} must be an integer from ${min} to ${max}, got '${value}'`);
  return n;
}

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const onSignal = (signal: NodeJS.Signals) => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
      resolve(signal);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

export async function serveCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      today: { type: 'string' },
      seed: { type: 'string' },
      profile: { type: 'string' },
    },
    strict: true,
    allowPositionals: false,
  });
  const port = integerFlag('port', values.port, 0, 65_535) ?? DEFAULT_PORT;
  const seed = integerFlag('seed', values.seed, 0, Number.MAX_SAFE_INTEGER);
  if (values.today !== undefined && !isCalendarDate(values.today)) throw new UsageError(`--today must be a date yyyy-mm-dd, got '${values.today}'`);
  if (values.host === '') throw new UsageError('--host must not be empty');
  let profile;
  try {
    profile = await loadProfile(values.profile ?? DEFAULT_PROFILE);
  } catch (error) {
    if (error instanceof ProfileError) throw new UsageError(`--profile: ${error.message}`);
    throw error;
  }

  let server: ReferenceServer;
  try {
    server = await startReferenceServer({
      profile,
      port,
      ...(values.host !== undefined ? { host: values.host } : {}),
      ...(values.today !== undefined ? { today: values.today } : {}),
      ...(seed !== undefined ? { seed } : {}),
      onDelivery: (d) => out(`webhook ${d.topic} (${d.app}) → ${d.url}: ${d.status ?? d.error}`),
    });
  } catch (error) {
    if (error instanceof ServerOptionError) throw new UsageError(`--profile: ${error.message}`);
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND') {
      throw new UsageError(`--port/--host: cannot listen on ${values.host ?? '127.0.0.1'}:${port} (${code})`);
    }
    throw error;
  }

  out(`Vehicle Marketplace Partner API v3 — reference server`);
  out(`base URL: ${server.url}   (API under ${server.url}/v3)`);
  out(`today:    ${values.today ?? profile.today ?? `the clock, in ${profile.timeZone}`}`);
  out(`hooks:    ${server.hooksPath ? `${server.url}${server.hooksPath}` : 'none'}`);
  out('apps:');
  for (const [name, app] of Object.entries(profile.apps)) {
    if (!app) continue;
    out(`  ${name.padEnd(8)} ${Object.entries(app.headers).map(([h, v]) => `${h}: ${v}`).join('; ')}`);
  }
  out('Ctrl+C stops the server.');
  const signal = await waitForSignal();
  await server.close();
  out(`stopped (${signal})`);
  return 0;
}

import { DEFAULT_PROFILE_FILE } from '../api/embedded.ts';
import { loadProfile, ProfileError, type Profile } from '../api/profile.ts';
import { isCalendarDate } from '../api/rules.ts';
import { DEFAULT_SERVE_PORT as DEFAULT_PORT, ServerOptionError, startReferenceServer, type ReferenceServer } from '../api/serve.ts';
import { UsageError } from '../support/errors.ts';
import { onTerminatingSignal } from '../support/signals.ts';
import { hostFlag, integerFlag, listenError, parseFlags } from './flags.ts';

// `vmp-conformance serve`: the embedded reference server as a local sandbox (issue 3, Command). Prints the
// base URL, each app's credentials and the hooks path, then runs until SIGINT or SIGTERM.

export const SERVE_USAGE = [
  'Usage: vmp-conformance serve [--port N] [--host ADDR] [--today YYYY-MM-DD] [--seed N] [--profile FILE]',
  `Runs the embedded reference server until Ctrl-C: --port (default ${DEFAULT_PORT}, 0 picks a free one), --host (default 127.0.0.1),`,
  '--today fixes its date, --seed its data, --profile its gap choices (default profiles/reference.json).',
];

function waitForSignal(): Promise<NodeJS.Signals> {
  return new Promise((resolve) => {
    const stopListening = onTerminatingSignal((signal) => {
      stopListening();
      resolve(signal);
    });
  });
}

export async function serveCommand(argv: string[], out: (line: string) => void): Promise<number> {
  const { values } = parseFlags({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      today: { type: 'string' },
      seed: { type: 'string' },
      profile: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    for (const line of SERVE_USAGE) out(line);
    return 0;
  }
  const port = values.port === undefined ? DEFAULT_PORT : integerFlag('port', values.port, 0, 65_535);
  const seed = values.seed === undefined ? undefined : integerFlag('seed', values.seed, 0);
  if (values.today !== undefined && !isCalendarDate(values.today)) throw new UsageError(`--today must be a date yyyy-mm-dd, got '${values.today}'`);
  if (values.host !== undefined) await hostFlag('host', values.host);
  let profile: Profile;
  try {
    profile = await loadProfile(values.profile ?? DEFAULT_PROFILE_FILE);
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
    if ((error as NodeJS.ErrnoException).code !== undefined) throw listenError('--port/--host', values.host ?? '127.0.0.1', port, error);
    throw error;
  }

  out(`Vehicle Marketplace Partner API v3 — reference server`);
  out(`base URL: ${server.url}   (API under ${server.url}/v3)`);
  out(`today:    ${values.today ?? profile.today ?? `the clock, in ${profile.timeZone}`}`);
  out(`hooks:    ${server.hooksPath ? `${server.url}${server.hooksPath}` : 'none'}`);
  out('apps:');
  for (const [name, app] of Object.entries(profile.apps)) {
    if (!app) continue;
    out(
      `  ${name.padEnd(8)} ${[...Object.entries(app.headers).map(([h, v]) => `${h}: ${v}`), ...Object.entries(app.query).map(([q, v]) => `?${q}=${v}`)].join('; ')}`,
    );
  }
  out('Ctrl+C stops the server.');
  const signal = await waitForSignal();
  await server.close();
  out(`stopped (${signal})`);
  return 0;
}

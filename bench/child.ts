import { createServer, IncomingMessage, Server } from 'node:http';
import { readFile, writeFile } from 'node:fs/promises';
import { startReferenceServer } from '../reference/server.ts';
import { parseProfile } from '../sut/profile-load.ts';
import { startCaptureServer } from '../webhooks/capture-server.ts';
import type { Durability } from '../webhooks/jsonl-log.ts';
import { ROOT } from './support.ts';

// One server or workload per child process (issue 8): the load generator and its target must not share an
// event loop, and a memory figure must not include the bench's own heap. Each role prints one JSON line when
// ready, and (for servers) one more after SIGTERM with what it counted.

const [role = '', ...args] = process.argv.slice(2);
const say = (value: unknown) => process.stdout.write(`${JSON.stringify(value)}\n`);
const maxRssMb = () => process.resourceUsage().maxRSS / 1024; // maxRSS is in KiB

function onStop(close: () => Promise<Record<string, unknown>>): void {
  process.once('SIGTERM', () => {
    void close().then((final) => {
      say(final);
      process.exit(0);
    });
  });
}

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const a = server.address();
      resolve(`http://127.0.0.1:${typeof a === 'object' && a ? a.port : 0}`);
    }),
  );
}

const closeServer = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

async function reference(): Promise<void> {
  const profile = parseProfile(JSON.parse(await readFile(`${ROOT}profiles/reference.json`, 'utf8')));
  const server = await startReferenceServer({ profile });
  say({ url: server.url });
  onStop(async () => {
    await server.close();
    return {};
  });
}

/** One request as the server received it: enough to send it again (bench/conformance.ts). */
export interface RecordedRequest {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  /** base64 */
  body: string;
}

/**
 * The reference server, recording every request it receives; on SIGTERM the list goes to `out` as JSON. Taps
 * node:http rather than a proxy in front: a proxy's hop would cost as much as the server and hide the client's
 * own cost. The body is copied as the parser hands it to the request stream, so the server reads it as usual.
 */
async function recordingReference(out: string): Promise<void> {
  const recorded: { method: string; url: string; headers: RecordedRequest['headers']; chunks: Buffer[] }[] = [];
  const bodies = new WeakMap<IncomingMessage, Buffer[]>();
  const emit = Server.prototype.emit;
  Server.prototype.emit = function (this: Server, event: string, ...rest: unknown[]) {
    if (event === 'request') {
      const req = rest[0] as IncomingMessage;
      const chunks: Buffer[] = [];
      bodies.set(req, chunks);
      recorded.push({ method: req.method ?? 'GET', url: req.url ?? '/', headers: req.headers, chunks });
    }
    return emit.apply(this, [event, ...rest] as Parameters<typeof emit>);
  } as typeof emit;
  const push = IncomingMessage.prototype.push;
  IncomingMessage.prototype.push = function (this: IncomingMessage, chunk: unknown, encoding?: BufferEncoding) {
    if (Buffer.isBuffer(chunk)) bodies.get(this)?.push(Buffer.from(chunk));
    return push.call(this, chunk, encoding);
  };
  await reference();
  process.removeAllListeners('SIGTERM');
  process.once('SIGTERM', () => {
    const list: RecordedRequest[] = recorded.map((r) => ({
      method: r.method,
      url: r.url,
      headers: r.headers,
      body: Buffer.concat(r.chunks).toString('base64'),
    }));
    void writeFile(out, JSON.stringify(list)).then(() => {
      say({ count: list.length });
      process.exit(0);
    });
  });
}

/**
 * The baseline for the reference server: the cheapest JSON server answering the same document — it serialises
 * the parsed body on every request (as any JSON API must) and writes the string, like reference/dispatch.ts.
 */
async function bareJson(sampleFile: string): Promise<void> {
  const value: unknown = JSON.parse(await readFile(sampleFile, 'utf8'));
  const server = createServer((req, res) => {
    req.resume();
    const body = JSON.stringify(value);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  say({ url: await listen(server) });
  onStop(async () => {
    await closeServer(server);
    return {};
  });
}

async function capture(out: string, durability: Durability): Promise<void> {
  const server = await startCaptureServer({ port: 0, out, durability, retain: 1 });
  say({ url: server.url });
  onStop(async () => {
    const count = server.count();
    await server.close();
    return { count };
  });
}

/** The baseline for the capture server: read the body, answer 204, record nothing. */
async function bareIngest(): Promise<void> {
  let count = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count += 1;
      res.writeHead(204).end();
    });
  });
  say({ url: await listen(server) });
  onStop(async () => {
    await closeServer(server);
    return { count };
  });
}

/** Generates and serialises `count` inquiries one at a time, as the simulator would before sending each. */
async function memory(count: number): Promise<void> {
  const { simulatedInquiries } = await import('../generators/inquiry-stream.ts');
  const started = performance.now();
  let bytes = 0;
  let n = 0;
  for await (const t of simulatedInquiries({
    seed: 1,
    arrival: { kind: 'constant', ratePerSec: 1_000_000 },
    count,
    startEpochMs: Date.parse('2026-01-01T00:00:00Z'),
  })) {
    bytes += JSON.stringify(t.consulta).length;
    n += 1;
  }
  say({ count: n, bytes, ms: performance.now() - started, maxRssMb: maxRssMb() });
}

/** Raw autocannon from a fresh process, so it starts as cold as the `load` command it is compared with. */
async function rawCannon(url: string, headersJson: string): Promise<void> {
  const { cannon } = await import('./support.ts');
  say(await cannon({ url, headers: JSON.parse(headersJson) as Record<string, string> }));
}

/**
 * Raw autocannon that waits, loaded, for SIGUSR2 and then runs: started at the very moment a `load` run starts
 * beside it, both generators meet the same machine (bench/load-overhead.ts).
 */
async function armedCannon(url: string, headersJson: string, durationSec: number): Promise<void> {
  const headers = JSON.parse(headersJson) as Record<string, string>;
  const { cannon } = await import('./support.ts');
  const wait = setInterval(() => undefined, 60_000); // a signal listener alone does not keep node running
  process.once('SIGUSR2', () => {
    clearInterval(wait);
    const cpu = process.cpuUsage();
    // Stopped as `load` stops its autocannon (simulator/load-closed.ts): within 0.1 s of the duration. With
    // autocannon's default 1 s sampling, a run may last a whole second longer, at full speed.
    void cannon({ url, headers, duration: durationSec, sampleInt: 100 }).then((result) => {
      const used = process.cpuUsage(cpu);
      say({ ...result, cpuMs: (used.user + used.system) / 1000 });
      process.exit(0);
    });
  });
  say({ armed: true });
}

async function memoryBaseline(): Promise<void> {
  await import('../generators/inquiry-stream.ts');
  say({ maxRssMb: maxRssMb() });
}

switch (role) {
  case 'reference':
    await reference();
    break;
  case 'recording-reference':
    await recordingReference(args[0] ?? '/tmp/vmp-bench-requests.json');
    break;
  case 'bare-json':
    await bareJson(args[0] ?? '');
    break;
  case 'capture':
    await capture(args[0] ?? '/tmp/vmp-bench-capture.jsonl', args[1] === 'write' ? 'write' : 'fdatasync');
    break;
  case 'bare-ingest':
    await bareIngest();
    break;
  case 'memory':
    await memory(Number(args[0] ?? 1_000_000));
    break;
  case 'cannon':
    await rawCannon(args[0] ?? '', args[1] ?? '');
    break;
  case 'armed-cannon':
    await armedCannon(args[0] ?? '', args[1] ?? '', Number(args[2] ?? 5));
    break;
  case 'memory-baseline':
    await memoryBaseline();
    break;
  default:
    process.stderr.write(`bench child: unknown role '${role}'\n`);
    process.exit(2);
}

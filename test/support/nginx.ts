import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { connect, createServer, type AddressInfo } from 'node:net';
import path from 'node:path';
import type { TestCa } from './tls-ca.ts';

// Debian's nginx in front of a reference server, as a staging has it: HTTPS from a private CA, gzip, the API
// under a path prefix (location /api/), a second HTTPS server that asks for a client certificate (mTLS), and a
// plain HTTP server that redirects everything to the HTTPS one. A foreground child (daemon off, master_process
// off: one process, whoever runs it, root or not) on free loopback ports, its prefix, pid, logs and temporary
// paths in the test's directory; stop() kills it. Absent nginx, the tests skip saying so.

/** Debian's nginx is in /usr/sbin, which a user's PATH may lack. */
const NGINX = existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export const HAS_NGINX = await new Promise<boolean>((resolve) => {
  const probe = spawn(NGINX, ['-v'], { stdio: 'ignore' });
  probe.on('error', () => resolve(false));
  probe.on('exit', (code) => resolve(code === 0));
});

export interface Nginx {
  /** https://127.0.0.1:PORT/api: the API behind HTTPS, gzip and the prefix. */
  https: string;
  /** The same behind a server that asks for a client certificate of the CA. */
  mtls: string;
  /** http://127.0.0.1:PORT/api: answers 301 to the https one, path kept. */
  redirect: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const accepts = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

const api = (upstream: string) => `location /api/ { proxy_pass ${upstream}/; proxy_http_version 1.1; proxy_set_header Connection ""; }`;

/** What a test sets besides the defaults. */
export interface NginxOptions {
  /** nginx's keepalive_timeout (default 75s): a short one closes idle client connections as a request may be sent on them. */
  keepaliveTimeout?: string;
}

function config(dir: string, upstream: string, ca: TestCa, ports: { https: number; mtls: number; redirect: number }, o: NginxOptions): string {
  const tls = `ssl_certificate ${ca.server.cert}; ssl_certificate_key ${ca.server.key};`;
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `${t}_temp_path ${path.join(dir, `${t}-temp`)};`).join(' ');
  return `pid ${path.join(dir, 'nginx.pid')};
events { worker_connections 128; }
http {
  access_log ${path.join(dir, 'access.log')};
  ${o.keepaliveTimeout !== undefined ? `keepalive_timeout ${o.keepaliveTimeout};` : ''}
  ${temp}
  gzip on; gzip_proxied any; gzip_min_length 0;
  gzip_types application/json text/json application/problem+json application/vnd.service.entry+json application/vnd.service.ref+json;
  server { listen 127.0.0.1:${ports.https} ssl; ${tls} ${api(upstream)} }
  server { listen 127.0.0.1:${ports.mtls} ssl; ${tls} ssl_client_certificate ${ca.ca}; ssl_verify_client on; ${api(upstream)} }
  server { listen 127.0.0.1:${ports.redirect}; location / { return 301 https://127.0.0.1:${ports.https}$request_uri; } }
}
`;
}

export async function startNginx(dir: string, upstream: string, ca: TestCa, options: NginxOptions = {}): Promise<Nginx> {
  await mkdir(dir, { recursive: true });
  const ports = { https: await freePort(), mtls: await freePort(), redirect: await freePort() };
  const conf = path.join(dir, 'nginx.conf');
  await writeFile(conf, config(dir, upstream, ca, ports, options));
  const child: ChildProcess = spawn(NGINX, ['-p', dir, '-c', conf, '-e', path.join(dir, 'error.log'), '-g', 'daemon off; master_process off;'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    child.kill('SIGTERM');
    await exited;
  };
  for (let i = 0; i < 100 && child.exitCode === null; i++) {
    if ((await Promise.all(Object.values(ports).map(accepts))).every(Boolean))
      return {
        https: `https://127.0.0.1:${ports.https}/api`,
        mtls: `https://127.0.0.1:${ports.mtls}/api`,
        redirect: `http://127.0.0.1:${ports.redirect}/api`,
        stop,
      };
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await stop();
  throw new Error(`nginx did not start: ${await readFile(path.join(dir, 'error.log'), 'utf8').catch(() => 'no error log')}`);
}

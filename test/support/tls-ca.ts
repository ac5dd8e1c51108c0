import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

// A private CA made with openssl for the network tests, as a staging's is: a CA key and certificate, server
// certificates it signs (for 127.0.0.1 and localhost unless told other names) and a client certificate for mTLS.
// Elliptic-curve keys: the whole set takes a fraction of a second. Absent openssl, the tests skip saying so.

const run = promisify(execFile);

export const HAS_OPENSSL = await run('openssl', ['version']).then(
  () => true,
  () => false,
);

export interface TestCa {
  dir: string;
  /** The CA certificate (PEM): what --ca and NODE_EXTRA_CA_CERTS are given. */
  ca: string;
  server: { cert: string; key: string };
  /** A server certificate for other names only (DNS:other.example): a hostname mismatch at 127.0.0.1. */
  otherName: { cert: string; key: string };
  /** A server certificate for 127.0.0.1 that expired (valid until a day before it was made). */
  expired: { cert: string; key: string };
  client: { cert: string; key: string };
}

const NEW_KEY = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:P-256', '-nodes'];

async function signed(dir: string, name: string, serial: number, extensions: string, days = 2): Promise<{ cert: string; key: string }> {
  const file = (ext: string) => path.join(dir, `${name}.${ext}`);
  await run('openssl', ['req', ...NEW_KEY, '-keyout', file('key'), '-out', file('csr'), '-subj', `/CN=vmp test ${name}`]);
  await writeFile(file('ext'), `${extensions}\n`);
  const ca = ['-CA', path.join(dir, 'ca.pem'), '-CAkey', path.join(dir, 'ca.key'), '-set_serial', String(serial)];
  await run('openssl', ['x509', '-req', '-in', file('csr'), ...ca, '-days', String(days), '-out', file('pem'), '-extfile', file('ext')]);
  return { cert: file('pem'), key: file('key') };
}

export async function makeTestCa(dir: string): Promise<TestCa> {
  const ca = path.join(dir, 'ca.pem');
  await run('openssl', ['req', '-x509', ...NEW_KEY, '-keyout', path.join(dir, 'ca.key'), '-out', ca, '-days', '2', '-subj', '/CN=vmp test CA']);
  const [server, otherName, expired, client] = await Promise.all([
    signed(dir, 'server', 2, 'subjectAltName=IP:127.0.0.1,DNS:localhost'),
    signed(dir, 'other', 3, 'subjectAltName=DNS:other.example'),
    signed(dir, 'expired', 4, 'subjectAltName=IP:127.0.0.1', -1),
    signed(dir, 'client', 5, 'extendedKeyUsage=clientAuth'),
  ]);
  return { dir, ca, server, otherName, expired, client };
}

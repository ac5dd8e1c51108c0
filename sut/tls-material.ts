import { createPrivateKey, X509Certificate, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createSecureContext, rootCertificates, type ConnectionOptions, type SecureContext } from 'node:tls';
import { UsageError } from '../support/errors.ts';
import type { TransportSettings } from './transport.ts';

// The trust and the identity every TLS connection to a target is made with (issue 27): the CAs to trust besides
// Node's (--ca), a client certificate for gateways that ask for one (--cert, --key), and whether the target's
// certificate is verified at all (--insecure). Files are read and checked once per process, before anything is
// sent; a file that cannot serve is a usage error naming its flag (exit 2), never a handshake that fails later.

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;
const PEM_PRIVATE_KEY = /-----BEGIN (?:[A-Z]+ )?PRIVATE KEY-----[\s\S]+?-----END (?:[A-Z]+ )?PRIVATE KEY-----/;

/** Names a transport setting as its caller knows it: `--ca` on the command line, `transport.ca` in the API. */
export type SettingLabel = (field: 'ca' | 'cert' | 'key' | 'proxy') => string;
export const FLAG_LABEL: SettingLabel = (field) => `--${field}`;

const errno = (error: unknown): string => (error as NodeJS.ErrnoException).code ?? (error as Error).message;

const files = new Map<string, string>();

/** A file's text, read once per process (a CA bundle is read by every client of a run). */
function readOnce(label: string, file: string): string {
  let text = files.get(file);
  if (text === undefined) {
    try {
      text = readFileSync(file, 'utf8');
    } catch (error) {
      throw new UsageError(`${label} ${file}: cannot read it (${errno(error)})`);
    }
    files.set(file, text);
  }
  return text;
}

function certificatesIn(label: string, file: string): string[] {
  const pems = readOnce(label, file).match(PEM_CERTIFICATE) ?? [];
  if (pems.length === 0)
    throw new UsageError(`${label} ${file}: no PEM certificate in it (-----BEGIN CERTIFICATE-----; convert DER with openssl x509 -inform der)`);
  for (const pem of pems) {
    try {
      new X509Certificate(pem);
    } catch (error) {
      throw new UsageError(`${label} ${file}: a certificate in it cannot be read (${(error as Error).message})`);
    }
  }
  return pems;
}

function privateKeyIn(label: string, file: string): { pem: string; key: KeyObject } {
  const pem = PEM_PRIVATE_KEY.exec(readOnce(label, file))?.[0];
  if (pem === undefined) throw new UsageError(`${label} ${file}: no PEM private key in it (-----BEGIN PRIVATE KEY-----)`);
  try {
    return { pem, key: createPrivateKey(pem) };
  } catch (error) {
    const encrypted = /ENCRYPTED/.test(pem) || /passphrase/i.test((error as Error).message);
    throw new UsageError(
      encrypted
        ? `${label} ${file}: the key is encrypted, and no passphrase is taken (decrypt it: openssl pkey -in ${file} -out key.pem)`
        : `${label} ${file}: the private key cannot be read (${(error as Error).message})`,
    );
  }
}

interface Identity {
  cert: string;
  key: string;
}

/** The client certificate and its key: both given (or one file holding both), and the key the certificate's. */
function identityOf(s: TransportSettings, label: SettingLabel): Identity | undefined {
  if (s.cert === undefined && s.key === undefined) return undefined;
  if (s.cert === undefined) throw new UsageError(`${label('key')} needs ${label('cert')} (the client certificate the key belongs to)`);
  const cert = certificatesIn(label('cert'), s.cert).join('\n');
  const keyFile = s.key ?? s.cert;
  if (s.key === undefined && !PEM_PRIVATE_KEY.test(readOnce(label('cert'), s.cert)))
    throw new UsageError(`${label('cert')} needs ${label('key')} (the client certificate's private key), unless its file holds the key too`);
  const { pem, key } = privateKeyIn(label(s.key === undefined ? 'cert' : 'key'), keyFile);
  if (!new X509Certificate(cert).checkPrivateKey(key))
    throw new UsageError(`${label('key')} ${keyFile}: it is not the private key of the certificate in ${label('cert')} ${s.cert}`);
  return { cert, key: pem };
}

/**
 * What NODE_EXTRA_CA_CERTS adds to Node's trust: kept when --ca is given too, since a `ca` list replaces the
 * default one. Node has already warned at start-up about a file it could not read.
 */
function extraFromEnvironment(): string[] {
  const file = process.env.NODE_EXTRA_CA_CERTS;
  if (!file) return [];
  try {
    return readFileSync(file, 'utf8').match(PEM_CERTIFICATE) ?? [];
  } catch {
    return [];
  }
}

/** Throws the usage error naming the setting that cannot serve (exit 2), before anything starts. */
export function checkTlsFiles(s: TransportSettings, label: SettingLabel = FLAG_LABEL): void {
  for (const file of s.ca ?? []) certificatesIn(label('ca'), file);
  identityOf(s, label);
}

/** One secure context per trust and identity, per process: Node's ~150 roots are parsed once, not per connection. */
const contexts = new Map<string, SecureContext | undefined>();

function secureContextOf(s: TransportSettings, withIdentity: boolean): SecureContext | undefined {
  const key = JSON.stringify([s.ca ?? [], withIdentity ? [s.cert ?? null, s.key ?? null] : []]);
  if (!contexts.has(key)) {
    const ca = s.ca?.length ? s.ca.flatMap((file) => certificatesIn(FLAG_LABEL('ca'), file)) : undefined;
    const identity = withIdentity ? identityOf(s, FLAG_LABEL) : undefined;
    const trust = ca ? { ca: [...rootCertificates, ...extraFromEnvironment(), ...ca] } : {};
    contexts.set(key, ca || identity ? createSecureContext({ ...trust, ...identity }) : undefined);
  }
  return contexts.get(key);
}

/** The TLS options of a connection to the target: its trust, the client certificate, whether it is verified. */
export function targetTls(s: TransportSettings | undefined): ConnectionOptions {
  const context = s ? secureContextOf(s, true) : undefined;
  return { ...(context ? { secureContext: context } : {}), ...(s?.insecure ? { rejectUnauthorized: false } : {}) };
}

/**
 * The client certificate and key as PEM text, for a sender that copies its options deeply (autocannon clones them
 * per connection: a native secure context does not survive that) and verifies no certificate, so needs no CAs.
 */
export function clientIdentity(s: TransportSettings | undefined): { cert?: string; key?: string } {
  return (s && identityOf(s, FLAG_LABEL)) ?? {};
}

/**
 * The TLS options of a connection to an https:// proxy: the same trust (a company's proxy and its staging share a
 * CA), never the client certificate (the target's alone) and never --insecure (which is about the target).
 */
export function proxyTls(s: TransportSettings | undefined): ConnectionOptions {
  const context = s ? secureContextOf(s, false) : undefined;
  return context ? { secureContext: context } : {};
}

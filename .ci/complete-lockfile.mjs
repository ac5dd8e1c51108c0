#!/usr/bin/env node
// This workplace's npm registry serves only the linux-x64 builds of packages that ship one build per
// platform (rollup, esbuild, ...), so `npm install` writes a package-lock.json without the other platforms'
// optional entries, and `npm ci` then refuses the lock as out of sync. This adds the missing entries,
// marked optional and restricted by os/cpu/libc (read from the package name), so `npm ci` skips them.
// Run it after any `npm install` that changes package-lock.json: `node .ci/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const file = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(file, 'utf8'));
const OS = {
  android: 'android',
  darwin: 'darwin',
  freebsd: 'freebsd',
  linux: 'linux',
  win32: 'win32',
  openbsd: 'openbsd',
  openharmony: 'openharmony',
  netbsd: 'netbsd',
  sunos: 'sunos',
  aix: 'aix',
  wasi: 'wasi',
  cygwin: 'cygwin',
};
const CPU = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => p in OS);
  const cpu = parts.find((p) => CPU.includes(p)) ?? (parts.includes('eabi') || parts.includes('gnueabihf') || parts.includes('musleabihf') ? 'arm' : undefined);
  const libc = parts.some((p) => p.startsWith('musl')) ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined;
  return { ...(os ? { os: [os] } : {}), ...(cpu ? { cpu: [cpu] } : {}), ...(libc ? { libc: [libc] } : {}) };
}

let added = 0;
for (const [where, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = where === '' ? 'node_modules' : `${where}/node_modules`;
    if (lock.packages[`${base}/${dep}`] || lock.packages[`node_modules/${dep}`]) continue;
    lock.packages[`node_modules/${dep}`] = { version, optional: true, ...platformOf(dep) };
    added += 1;
  }
}
lock.packages = Object.fromEntries(Object.entries(lock.packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: ${added} optional platform entries added`);

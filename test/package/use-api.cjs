// A CommonJS program (a package without "type": "module", as npm 11's `npm init` writes it: "type": "commonjs")
// using the installed package through require(): copied into such a project by pack-install.test.ts. Node.js
// 20.19+ loads the ES module entry synchronously (require(esm)); prints one JSON line.
const {
  loadProfile,
  parseThreshold,
  runConformance,
  signHmacSha256,
  startReferenceServer,
  UsageError,
  VmpError,
  verifyWebhookSignature,
  versionInfo,
} = require('vmp-conformance');

async function main() {
  const profile = await loadProfile(require.resolve('vmp-conformance/profiles/reference.json'));
  const server = await startReferenceServer({ profile, seed: 1 });
  const home = await fetch(`${server.url}/v3`, { headers: profile.apps.primary.headers });
  await server.close();

  // The CLI refuses `run --base-url 'http://h/?x'` with exit 2: the library refuses it the same way.
  let refused;
  try {
    await runConformance({ baseUrl: 'http://h/?x', profile: require.resolve('vmp-conformance/profiles/reference.json') });
  } catch (error) {
    refused = { name: error.name, code: error.code, usage: error instanceof UsageError, vmp: error instanceof VmpError, message: error.message };
  }

  const config = { scheme: 'hmac-sha256', header: 'x-signature', secret: 'a-secret' };
  const body = Buffer.from('{"hello":"world"}');
  const headers = { 'x-signature': signHmacSha256(config.secret, body) };
  console.log(
    JSON.stringify({
      version: versionInfo().version,
      homeStatus: home.status,
      threshold: parseThreshold('p99<250ms'),
      signature: verifyWebhookSignature(config, headers, body).status,
      refused,
    }),
  );
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// What an embedding program does with the installed package (copied into an empty project by
// pack-install.test.ts): import from 'vmp-conformance', run, load a profile, verify a signature; prints one JSON line.
import { createHmac } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import {
  loadProfile,
  profileJsonSchema,
  runConformance,
  signStandardWebhooks,
  TargetError,
  UsageError,
  verifyWebhookSignature,
  VmpError,
} from 'vmp-conformance';

// A relative reportDir: the caller's working directory, never the installed package's (issue 23 §5).
const reportDir = process.argv[2];
const streamed = [];
const outcome = await runConformance({ only: 'limits/*', runs: 5, seed: 7, reportDir, onRule: (rule, p) => streamed.push([rule.id, p.done, p.total]) });
// The profiles ship with the package (exports "./profiles/*").
const profile = await loadProfile(fileURLToPath(import.meta.resolve('vmp-conformance/profiles/reference.json')));
const schema = profileJsonSchema();

const key = Buffer.from('a-test-signing-key-of-32-bytes!!');
const config = { scheme: 'standard-webhooks', secret: `whsec_${key.toString('base64')}` };
const body = '{"hello":"world"}';
const timestamp = Math.floor(Date.now() / 1000);
const headers = {
  'webhook-id': 'msg_1',
  'webhook-timestamp': String(timestamp),
  'webhook-signature': signStandardWebhooks(config.secret, 'msg_1', timestamp, body),
};
// An independent signature (the Standard Webhooks recipe, computed here) must verify too.
const independent = `v1,${createHmac('sha256', key).update(`msg_1.${timestamp}.${body}`).digest('base64')}`;

let refused;
try {
  await runConformance({ only: 'no-such-area/*' });
} catch (error) {
  refused = { name: error.name, code: error.code, usage: error instanceof UsageError, vmp: error instanceof VmpError, target: error instanceof TargetError };
}

console.log(
  JSON.stringify({
    exitCode: outcome.exitCode,
    rules: outcome.result.rules.map((r) => r.id),
    reportFiles: outcome.reportFiles,
    reportDir: outcome.reportDir,
    streamed,
    apps: Object.keys(profile.apps),
    schemaType: schema.type,
    signature: verifyWebhookSignature(config, headers, Buffer.from(body)).status,
    independent: verifyWebhookSignature(config, { ...headers, 'webhook-signature': independent }, Buffer.from(body)).status,
    tampered: verifyWebhookSignature(config, headers, Buffer.from(`${body} `)).status,
    refused,
  }),
);

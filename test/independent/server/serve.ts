// Starts the independent server from the command line: tsx test/independent/server/serve.ts [--port N]
import { startIndependentServer } from './server.ts';

const portIndex = process.argv.indexOf('--port');
const port = portIndex >= 0 ? Number(process.argv[portIndex + 1]) : 0;
const running = await startIndependentServer({ port });
console.log(`independent server listening on ${running.url}`);
const stop = (): void => {
  void running.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

// Starts the independent server from the command line:
//   tsx test/independent/server/serve.ts [--port N] [--variant indep|alt]
import { startIndependentServer } from './server.ts';
import { VARIANTS } from './variants.ts';

const flag = (name: string): string | undefined => {
  const index = process.argv.indexOf(name);
  return index >= 0 ? process.argv[index + 1] : undefined;
};
const variant = flag('--variant') ?? 'indep';
const options = VARIANTS[variant];
if (!options) {
  console.error(`--variant: one of ${Object.keys(VARIANTS).join(', ')}`);
  process.exit(2);
}
const running = await startIndependentServer({
  ...options,
  port: Number(flag('--port') ?? 0),
  onInternalError: (error) => console.error('independent server: unexpected error', error),
});
console.log(`independent server (${variant}) listening on ${running.url}`);
const stop = (): void => {
  void running.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);

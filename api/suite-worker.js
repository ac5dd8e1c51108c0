// The suite worker of a session (api/kept-threads.ts): vitest's own thread worker, except that a finished run
// leaves the thread listening, so the session's next run starts on it with every module it loaded already
// evaluated. Plain JavaScript: a worker thread is started on a file Node runs as it is, in a checkout and in the
// build alike.
import { parentPort } from 'node:worker_threads';
import { init, runBaseTests, setupEnvironment } from 'vitest/worker';

if (!parentPort) throw new Error('api/suite-worker.js runs in a worker thread');
const port = parentPort;
/** init's own listener first (it answers start, run and stop), then each run's rpc. */
const listeners = [];

init({
  post: (response) => port.postMessage(response),
  on: (listener) => {
    listeners.push(listener);
    port.on('message', listener);
  },
  off: (listener) => port.off('message', listener),
  // vitest's thread worker drops every listener here and lets the thread end; this one drops the finished run's
  // rpc only, and keeps init's listener for the next run's start.
  teardown: () => {
    for (const listener of listeners.splice(1)) port.off('message', listener);
  },
  runTests: (state, traces) => runBaseTests('run', state, traces),
  collectTests: (state, traces) => runBaseTests('collect', state, traces),
  setup: setupEnvironment,
});

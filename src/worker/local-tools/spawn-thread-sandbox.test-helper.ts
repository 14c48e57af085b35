// Node's stand-in for a browser worker in tests: runs the sandbox script in a worker thread behind a `self` shim.
import { Worker } from 'node:worker_threads';
import type { SandboxWorker, SpawnSandbox } from './run-in-sandbox';

const shim = `
const { parentPort } = require('node:worker_threads');
globalThis.self = globalThis;
self.postMessage = (message) => parentPort.postMessage(message);
parentPort.on('message', (data) => { if (typeof self.onmessage === 'function') self.onmessage({ data }); });
`;

/** Spawns the sandbox script in a worker thread, mapping its events onto the browser Worker's. */
export const spawnThreadSandbox: SpawnSandbox = (script) => {
  const thread = new Worker(`${shim}\n${script}`, { eval: true });
  const sandbox: SandboxWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (message) => thread.postMessage(message),
    terminate: () => void thread.terminate(),
  };
  thread.on('message', (data: unknown) => sandbox.onmessage?.({ data }));
  thread.on('error', (error: Error) => sandbox.onerror?.({ message: error.message }));
  return sandbox;
};

// Node's stand-in for the browser's sandbox worker in tests: the same serveSandbox in a worker thread.
import { Worker } from 'node:worker_threads';
import type { SandboxWorker, SpawnSandbox } from './run-in-sandbox';

const entry = new URL('./sandbox-thread-entry.test-helper.ts', import.meta.url).href;
// A worker thread has no TypeScript loader of its own: tsx's API imports the entry.
const bootstrap = `import('tsx/esm/api').then(({ tsImport }) => tsImport(${JSON.stringify(entry)}, ${JSON.stringify(entry)}));`;

/** Spawns `sandbox-thread-entry.test-helper.ts` (TypeScript through tsx), mapping its events onto a Worker's. */
export const spawnThreadSandbox: SpawnSandbox = () => {
  const thread = new Worker(bootstrap, { eval: true });
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

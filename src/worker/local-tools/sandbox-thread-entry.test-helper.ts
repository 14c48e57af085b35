// A worker thread serving one sandbox request, as sandbox-worker-entry.ts does in the browser.
import { parentPort } from 'node:worker_threads';
import { serveSandbox, type SandboxScope } from './serve-sandbox';

const port = parentPort;
if (port === null) throw new Error('sandbox-thread-entry runs in a worker thread only.');
const scope: SandboxScope = { onmessage: null, postMessage: (message) => port.postMessage(message) };
port.on('message', (data: unknown) => scope.onmessage?.({ data }));
serveSandbox(scope);

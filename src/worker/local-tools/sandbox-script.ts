// The script a local tool's handler runs in: network, storage and nested workers removed first, then the handler.

/**
 * Globals the sandbox deletes before any handler code runs. The handler never holds the API key (it lives
 * in the engine worker's memory, which a separate worker cannot read); removing these keeps a handler from
 * reaching the network or this origin's storage.
 */
export const SANDBOX_REMOVED_GLOBALS = [
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'WebTransport',
  'EventSource',
  'indexedDB',
  'caches',
  'cookieStore',
  'importScripts',
  'BroadcastChannel',
  'Worker',
  'SharedWorker',
  'navigator',
] as const;

/**
 * The whole text of a sandbox worker for `source`, the body of an async function of `input`. The worker
 * answers one `{ input }` message with `{ ok: true, value }` or `{ ok: false, error }`. A syntax error in
 * `source` makes the script fail to load, which the runner reports.
 */
export function buildSandboxScript(source: string): string {
  return `'use strict';
(() => {
  const names = ${JSON.stringify(SANDBOX_REMOVED_GLOBALS)};
  for (let target = self; target !== null && target !== Object.prototype; target = Object.getPrototypeOf(target)) {
    for (const name of names) {
      try { delete target[name]; } catch {}
      if (target === self) { try { Object.defineProperty(self, name, { value: undefined, configurable: false, writable: false }); } catch {} }
    }
  }
})();
const loupeHandler = async (input) => {
${source}
};
self.onmessage = async (event) => {
  try {
    const value = await loupeHandler(event.data.input);
    self.postMessage({ ok: true, value: value === undefined ? null : JSON.parse(JSON.stringify(value)) });
  } catch (error) {
    self.postMessage({ ok: false, error: error instanceof Error ? error.message : String(error) });
  }
};
`;
}

// Before a run sends its tool list: wait (bounded, cancellable) for servers that are still connecting.
import type { GetLoupeState } from './loupe-state';

/** How long a run waits for connecting servers before it goes on without them. */
export const SERVER_WAIT_MS = 10_000;

/** How the wait ended: every server settled, the time ran out (`missing` still connecting), or Stop. */
export type ServerWaitOutcome = { kind: 'settled' } | { kind: 'timeout'; missing: string[] } | { kind: 'cancelled' };

export interface ServerWait {
  outcome: Promise<ServerWaitOutcome>;
  cancel: () => void;
}

/** Names of the servers still connecting (a server the worker has not reported on yet counts as connecting). */
export function findConnectingServers(get: GetLoupeState): string[] {
  const { servers, serverStates } = get();
  return servers
    .filter((server) => (serverStates[server.id]?.status ?? 'connecting') === 'connecting')
    .map((server) => server.name);
}

/**
 * Waits until no server is connecting (connected or failed both count as settled), at most `timeoutMs`
 * of time with the engine ready (`isEngineReady`; engine start-up does not count).
 * `onChange` hears the names still awaited whenever they change, for the status line. Checks every
 * `pollMs`: server states arrive as store updates, and a short poll keeps this free of store wiring.
 */
export function waitForConnectingServers(
  get: GetLoupeState,
  onChange: (connecting: string[]) => void,
  {
    timeoutMs = SERVER_WAIT_MS,
    pollMs = 100,
    isEngineReady = () => true,
  }: { timeoutMs?: number; pollMs?: number; isEngineReady?: () => boolean } = {},
): ServerWait {
  let finish: (outcome: ServerWaitOutcome) => void = () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let last = '';
  const outcome = new Promise<ServerWaitOutcome>((resolve) => {
    // Only time with the engine up counts: a server cannot connect before the engine has started.
    let waited = 0;
    let lastCheck = Date.now();
    finish = (value) => {
      clearTimeout(timer);
      finish = () => undefined;
      resolve(value);
    };
    const check = () => {
      const connecting = findConnectingServers(get);
      if (connecting.length === 0) return finish({ kind: 'settled' });
      const now = Date.now();
      if (isEngineReady()) waited += now - lastCheck;
      lastCheck = now;
      if (waited >= timeoutMs) return finish({ kind: 'timeout', missing: connecting });
      const key = connecting.join('\n');
      if (key !== last) onChange(connecting);
      last = key;
      timer = setTimeout(check, pollMs);
    };
    check();
  });
  return { outcome, cancel: () => finish({ kind: 'cancelled' }) };
}

/** The status line while waiting: "Waiting for 1 server to connect (demo)…". */
export function describeServerWait(names: readonly string[]): string {
  const count = names.length === 1 ? '1 server' : `${names.length} servers`;
  return `Waiting for ${count} to connect (${names.join(', ')})…`;
}

/** The notice when a run went on without servers that did not connect in time. */
export function describeServerTimeout(names: readonly string[], timeoutMs = SERVER_WAIT_MS): string {
  const list = names.map((name) => `“${name}”`).join(', ');
  const one = names.length === 1;
  return `The run went on without ${list}: ${one ? 'it was' : 'they were'} still connecting after ${Math.round(timeoutMs / 1000)} s, so ${one ? 'its' : 'their'} tools are not in this run.`;
}

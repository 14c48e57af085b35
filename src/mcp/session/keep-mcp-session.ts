// Keeps one server's session usable: re-initialises a session the server forgot, and after a lost connection says
// so and reconnects by itself with backoff until the server answers again.
import { McpConnectionError } from '../connection/mcp-connection-error';
import type { Client } from '../sdk/mcp-sdk-client';
import type { McpSession } from './mcp-session';
import { isDeadSessionError } from '../sdk/sdk-errors';
import { describeConnectionLoss, isNetworkFailure } from './describe-connection-loss';
import { unwrapProbeError } from '../sdk/sdk-errors';
import { scheduleWithTimers, type Schedule } from './schedule';

/** How a connected server is doing: answering, being reached again after a loss, or not answering (with why). */
export interface McpHealth {
  status: 'connected' | 'reconnecting' | 'unreachable';
  /** What was lost or why the server cannot be reached, in plain words (absent when connected). */
  reason?: string;
  /** `unreachable`: when the next attempt starts, in ms from now. */
  retryInMs?: number;
}

/** What `keepMcpSession` needs. */
export interface KeepMcpSessionOptions {
  /** Opens a new session with the server (a new initialize, or `server/discover` on 2026-07-28). */
  open: () => Promise<McpSession>;
  /** Hears every change of health. */
  onHealth?: (health: McpHealth) => void;
  /** The clock of the backoff; real timers by default. */
  schedule?: Schedule;
  /** Wait before attempt `n + 1` after `n` failed ones; default 500 ms doubling up to 30 s. */
  backoffMs?: (failed: number) => number;
  /** Time a reconnect's `ping` may take. Default 2 000 ms. */
  pingTimeoutMs?: number;
}

/** The live session of a server, and its health. */
export interface McpSessionKeeper {
  /** The session in use now. */
  readonly session: McpSession;
  readonly health: McpHealth;
  /** Runs `request` on the current session; if the server forgot a 2025-era session, re-initialises once and retries. */
  readonly withSession: <T>(request: (client: Client) => Promise<T>) => Promise<T>;
  /** The connection broke (`reason`): report it and reconnect, unless that is already under way. */
  lost(reason: string): void;
  /** Stops reconnecting (the connection is being closed). */
  stop(): void;
}

const defaultBackoffMs = (failed: number) => Math.min(500 * 2 ** failed, 30_000);

function reasonOf(error: unknown): string {
  if (error instanceof McpConnectionError) return error.problem.message;
  const inner = unwrapProbeError(error);
  if (isNetworkFailure(inner)) return `Could not reach the server: ${describeConnectionLoss(inner)}`;
  return error instanceof Error ? error.message : String(error);
}

/**
 * Holds `first` and replaces it when needed. A lost connection turns the health to `reconnecting` at once; the
 * keeper then pings the current session (a connection cut in front of a live server needs nothing more), else
 * opens a new one; while that fails the health is `unreachable` with the reason and the next attempt is scheduled
 * with backoff (`backoffMs`), until one succeeds (`connected`) or `stop()`. Both eras: a 2026-07-28 connection
 * has no session to lose, so opening again is only its `server/discover`.
 */
export function keepMcpSession(first: McpSession, options: KeepMcpSessionOptions): McpSessionKeeper {
  const schedule = options.schedule ?? scheduleWithTimers;
  const backoffMs = options.backoffMs ?? defaultBackoffMs;
  const pingTimeoutMs = options.pingTimeoutMs ?? 2_000;
  let session = first;
  let health: McpHealth = { status: 'connected' };
  let stopped = false;
  let cancelRetry: (() => void) | undefined;
  let reopening: Promise<McpSession> | undefined;

  const report = (next: McpHealth) => {
    health = next;
    options.onHealth?.(next);
  };
  const swap = (fresh: McpSession) => {
    const dead = session;
    session = fresh;
    if (dead !== fresh) void dead.client.close().catch(() => {});
  };
  // One re-initialisation at a time, shared by every call that found the session dead.
  const reopen = (dead: McpSession): Promise<McpSession> => {
    if (session !== dead) return Promise.resolve(session);
    reopening ??= options.open().then(
      (fresh) => {
        reopening = undefined;
        swap(fresh);
        return fresh;
      },
      (error: unknown) => {
        reopening = undefined;
        throw error;
      },
    );
    return reopening;
  };
  const attempt = async (failed: number): Promise<void> => {
    if (stopped) return;
    try {
      const current = session;
      const alive = await current.client.ping({ timeout: pingTimeoutMs }).then(
        () => true,
        () => false,
      );
      if (!alive) await reopen(current);
      if (!stopped) report({ status: 'connected' });
    } catch (error) {
      if (stopped) return;
      const wait = backoffMs(failed);
      report({ status: 'unreachable', reason: reasonOf(error), retryInMs: wait });
      cancelRetry = schedule(() => {
        cancelRetry = undefined;
        report({ status: 'reconnecting', ...(health.reason === undefined ? {} : { reason: health.reason }) });
        void attempt(failed + 1);
      }, wait);
    }
  };

  return {
    get session() {
      return session;
    },
    get health() {
      return health;
    },
    withSession: async (request) => {
      const current = session;
      try {
        return await request(current.client);
      } catch (error) {
        // A 2026-07-28 connection has no session to lose: its 400 is the server's answer.
        if (current.era === 'modern' || !isDeadSessionError(error)) throw error;
        return request((await reopen(current)).client);
      }
    },
    lost(reason) {
      if (stopped || health.status !== 'connected') return;
      report({ status: 'reconnecting', reason: `Connection lost: ${reason}` });
      void attempt(0);
    },
    stop() {
      stopped = true;
      cancelRetry?.();
      cancelRetry = undefined;
    },
  };
}

// One Loupe connection through the bridge: a streamable HTTP session (the SDK's server transport) relayed
// message for message to its own stdio child, as Claude Desktop gives each connection its own process. A child
// that crashes is restarted (bounded, with backoff) and re-initialized with the client's own initialize
// request, so the connection goes on; the calls it was running fail plainly.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import {
  isJSONRPCErrorResponse,
  isJSONRPCRequest,
  isJSONRPCResultResponse,
  type JSONRPCMessage,
  type JSONRPCRequest,
  type RequestId,
} from '@modelcontextprotocol/sdk/types.js';
import type { BridgeLog } from './bridge-log.ts';
import { StdioChild, type StdioServerSpec } from './stdio-child.ts';

export interface RestartPolicy {
  /** Restarts of one session's child before the bridge gives up (default 3). */
  maxRestarts: number;
  /** How long to wait before restart number `attempt` (1-based). Default 500 ms, doubling. */
  backoff(attempt: number): Promise<void>;
}

export const defaultRestartPolicy: RestartPolicy = {
  maxRestarts: 3,
  backoff: (attempt) => new Promise((resolve) => setTimeout(resolve, 500 * 2 ** (attempt - 1))),
};

/** Stderr lines kept for messages that explain a failure (the last ones say why a server died). */
const keptLines = 12;
/** Stderr lines held until the client can receive them (before initialize is answered). */
const heldLines = 200;
const reinitializeId = 'loupe-bridge-reinitialize';

type State = 'starting' | 'running' | 'restarting' | 'failed' | 'closed';

export interface BridgeSessionOptions {
  spec: StdioServerSpec;
  log: BridgeLog;
  restart: RestartPolicy;
  /** A child started ahead (so a slow `npx -y` download happens at bridge start, not at connect). */
  warmChild?: StdioChild | undefined;
  onSessionInitialized(sessionId: string): void;
  onClosed(sessionId: string | undefined): void;
}

export class BridgeSession {
  readonly http: StreamableHTTPServerTransport;
  private child: StdioChild | undefined;
  private state: State = 'starting';
  private initializeRequest: JSONRPCRequest | undefined;
  private initialized = false;
  private restarts = 0;
  private readonly pending = new Map<RequestId, string | number | undefined>();
  private readonly progress = new Map<string | number, RequestId>();
  private readonly queue: JSONRPCMessage[] = [];
  private readonly held: JSONRPCMessage[] = [];
  private readonly lastLines: string[] = [];
  private finishReinitialize: ((ok: boolean) => void) | undefined;
  lastUsed = Date.now();

  constructor(private readonly options: BridgeSessionOptions) {
    this.http = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      onsessioninitialized: (id) => options.onSessionInitialized(id),
      onsessionclosed: () => {
        void this.close();
      },
    });
    this.http.onmessage = (message) => this.fromClient(message);
  }

  get name(): string {
    return this.options.spec.name;
  }

  /** The child's pid while it runs (tests check that none is left behind). */
  get childPid(): number | undefined {
    return this.child?.pid;
  }

  /** Starts (or takes over the warm) child. Rejects with a plain message when the command cannot be started. */
  async start(): Promise<void> {
    await this.http.start();
    await this.spawn(this.options.warmChild);
    this.state = 'running';
    this.flushQueue();
  }

  async handleRequest(request: IncomingMessage, response: ServerResponse, body?: unknown): Promise<void> {
    this.lastUsed = Date.now();
    await this.http.handleRequest(request, response, body);
  }

  /**
   * Stops the child and the connection. A second call (the bridge stopping while a client's DELETE is still
   * closing this session) waits for the same stop, so the bridge never returns with a child still exiting.
   */
  close(): Promise<void> {
    this.closing ??= this.stop();
    return this.closing;
  }

  private closing: Promise<void> | undefined;

  private async stop(): Promise<void> {
    this.state = 'closed';
    this.finishReinitialize?.(false);
    const child = this.child;
    this.child = undefined;
    await Promise.allSettled([child?.stop(), this.http.close()]);
    this.options.onClosed(this.http.sessionId);
  }

  private async spawn(warm: StdioChild | undefined): Promise<void> {
    const child = warm !== undefined && !warm.hasExited ? warm : new StdioChild(this.options.spec);
    this.child = child;
    child.attach({
      onmessage: (message) => this.fromChild(message),
      onstderr: (line) => this.onStderr(line),
      oncrash: (reason) => {
        if (this.child === child) void this.onCrash(reason);
      },
    });
    if (child === warm) {
      // Its start-up lines were printed already; Loupe's server log gets them too.
      for (const line of warm.firstLines) this.remember(line);
    } else await child.start();
  }

  private fromClient(message: JSONRPCMessage): void {
    if (isJSONRPCRequest(message)) {
      if (message.method === 'initialize') this.initializeRequest = message;
      const token = message.params?._meta?.progressToken;
      this.pending.set(message.id, token);
      if (token !== undefined) this.progress.set(token, message.id);
    }
    if (this.state === 'failed') {
      if (isJSONRPCRequest(message)) this.answerError(message.id, this.gaveUpMessage());
      return;
    }
    if (this.state !== 'running') {
      this.queue.push(message);
      return;
    }
    this.toChild(message);
  }

  private toChild(message: JSONRPCMessage): void {
    this.child?.send(message).catch((error: unknown) => {
      this.options.log.error(`[${this.name}] could not write to the server: ${String(error)}`);
    });
  }

  private flushQueue(): void {
    for (const message of this.queue.splice(0)) this.toChild(message);
  }

  private fromChild(message: JSONRPCMessage): void {
    if (isJSONRPCResultResponse(message) || isJSONRPCErrorResponse(message)) {
      const id = message.id;
      if (id === reinitializeId) {
        this.finishReinitialize?.(isJSONRPCResultResponse(message));
        return;
      }
      // An answer to nothing Loupe is waiting for (a parse error without id, a late answer after a crash).
      if (id === undefined || !this.pending.has(id)) {
        this.options.log.info(`[${this.name}] (an answer nobody waits for: ${JSON.stringify(message).slice(0, 300)})`);
        return;
      }
      const token = this.pending.get(id);
      this.pending.delete(id);
      if (token !== undefined) this.progress.delete(token);
      if (id === this.initializeRequest?.id && !this.initialized) {
        this.initialized = true;
        for (const held of this.held.splice(0)) this.toClient(held, id);
      }
      this.toClient(message);
      return;
    }
    if (!isJSONRPCRequest(message) && message.method === 'notifications/progress') {
      const token = (message.params as { progressToken?: string | number } | undefined)?.progressToken;
      const related = token === undefined ? undefined : this.progress.get(token);
      this.toClient(message, related);
      return;
    }
    this.toClient(message);
  }

  private toClient(message: JSONRPCMessage, relatedRequestId?: RequestId): void {
    const options = relatedRequestId === undefined ? undefined : { relatedRequestId };
    this.http.send(message, options).catch((error: unknown) => {
      // The page went away mid-call (its stream is gone); the terminal still says what was lost.
      this.options.log.info(
        `[${this.name}] (not delivered to Loupe: ${error instanceof Error ? error.message : String(error)})`,
      );
    });
  }

  /** Printed in the terminal, and sent to Loupe's server log as a `notifications/message` (logger "stderr"). */
  private onStderr(line: string): void {
    this.options.log.child(this.name, line);
    this.remember(line);
  }

  private remember(line: string): void {
    this.lastLines.push(line);
    if (this.lastLines.length > keptLines) this.lastLines.shift();
    this.logToClient('info', line);
  }

  private logToClient(level: 'info' | 'error', data: string): void {
    const message: JSONRPCMessage = {
      jsonrpc: '2.0',
      method: 'notifications/message',
      params: { level, logger: 'stderr', data },
    };
    if (!this.initialized) {
      // No stream to Loupe exists yet: these go out just before the initialize answer, on its stream.
      if (this.held.length < heldLines) this.held.push(message);
      return;
    }
    // A call running now has an open stream; otherwise the session's standing stream (GET) carries it.
    const running = [...this.pending.keys()].at(-1);
    this.toClient(message, running);
  }

  private async onCrash(reason: string): Promise<void> {
    if (this.state === 'closed') return;
    this.child = undefined;
    const willRestart = this.initialized && this.restarts < this.options.restart.maxRestarts;
    const why = `The stdio server "${this.name}" stopped (${reason})`;
    const tail = this.lastLines.length > 0 ? ` Its last output: ${this.lastLines.join(' | ')}` : '';
    for (const id of this.pending.keys()) {
      this.answerError(
        id,
        willRestart
          ? `${why} while handling this request; the bridge restarts it, try again.${tail}`
          : `${why}${this.initialized ? '' : ' before it answered initialize'}.${tail}`,
      );
    }
    this.pending.clear();
    this.progress.clear();
    if (!willRestart) {
      this.state = 'failed';
      const message = this.initialized ? this.gaveUpMessage() : `${why} before it answered initialize.`;
      this.options.log.error(`[${this.name}] ${message}`);
      if (this.initialized) this.logToClient('error', message);
      return;
    }
    this.restarts += 1;
    this.state = 'restarting';
    const note = `${why}; restarting it (restart ${this.restarts} of ${this.options.restart.maxRestarts}).`;
    this.options.log.error(`[${this.name}] ${note}`);
    this.logToClient('error', note);
    await this.options.restart.backoff(this.restarts);
    if (this.state !== 'restarting') return;
    try {
      await this.spawn(undefined);
      if (!(await this.reinitialize())) return;
    } catch (error) {
      void this.onCrash(`it could not be restarted: ${error instanceof Error ? error.message : String(error)}`);
      return;
    }
    this.state = 'running';
    this.options.log.info(`[${this.name}] restarted; the connection goes on.`);
    this.logToClient('info', 'The bridge restarted the server; the connection goes on.');
    this.flushQueue();
  }

  /** Replays the client's initialize to the new child (its answer is not the client's to see). */
  private async reinitialize(): Promise<boolean> {
    const initialize = this.initializeRequest;
    if (initialize === undefined) return true;
    const answered = new Promise<boolean>((resolve) => (this.finishReinitialize = resolve));
    this.child?.send({ ...initialize, id: reinitializeId }).catch(() => this.finishReinitialize?.(false));
    const ok = await answered;
    this.finishReinitialize = undefined;
    if (!ok || this.state !== 'restarting') return false;
    this.toChild({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return true;
  }

  private gaveUpMessage(): string {
    return `The stdio server "${this.name}" stopped ${this.restarts + 1} times; the bridge gave up. See its output in the terminal, fix it, and restart the bridge.`;
  }

  private answerError(id: RequestId, message: string): void {
    this.toClient({ jsonrpc: '2.0', id, error: { code: -32603, message } });
  }
}

// The stdio bridge: serves stdio MCP servers over streamable HTTP to Loupe's page, one path per server, on
// 127.0.0.1 only, to Loupe's origins only, with a per-start token. See docs/bridge.md.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { isInitializeRequest } from '@modelcontextprotocol/sdk/types.js';
import { checkRequestOrigin } from '../check-request-origin.ts';
import { LOOPBACK_HOSTNAMES } from '../loopback.ts';
import { readCappedBody } from '../read-capped-body.ts';
import { answerPreflight, createBridgeToken, hasBridgeToken, sendJsonRpcError, setCorsHeaders } from './bridge-http.ts';
import type { BridgeLog } from './bridge-log.ts';
import { BridgeSession, defaultRestartPolicy, type RestartPolicy } from './bridge-session.ts';
import { StdioChild, type StdioServerSpec } from './stdio-child.ts';

/** A stdio server and the path it is served at (`/mcp`, or `/<name>/mcp` for several). */
export interface BridgedServer extends StdioServerSpec {
  path: string;
}

export interface BridgeOptions {
  servers: readonly BridgedServer[];
  /** Loupe's page origins, exactly. No other page gets an answer (`Origin: null` neither). */
  allowedOrigins: readonly string[];
  log: BridgeLog;
  /** Port on 127.0.0.1; 0 (the default) picks a free one. */
  port?: number;
  /** The per-start secret; a fresh one by default. */
  token?: string;
  restart?: RestartPolicy;
  /** Open connections per server; past it the least recently used is closed, child and all (default 8). */
  maxSessionsPerServer?: number;
  /** Largest request body (default 4 MiB). */
  maxRequestBytes?: number;
  /** Start each server once at bridge start (default true), so a slow `npx -y` download happens now. */
  warmStart?: boolean;
}

export interface BridgeHandle {
  port: number;
  token: string;
  /** What a person pastes into Server URL, per server (the token included). */
  urls: { name: string; url: string }[];
  /** Child pids now running (warm ones included): the no-orphans tests check them. */
  childPids(): number[];
  /** Stops every child (and waits until they have exited), then the HTTP server. */
  close(): Promise<void>;
}

interface ServerEntry {
  spec: BridgedServer;
  sessions: Map<string, BridgeSession>;
  starting: Set<BridgeSession>;
  warm: StdioChild | undefined;
}

/** Starts the bridge; rejects when a server's command cannot be started at all (with warm start). */
export async function startBridge(options: BridgeOptions): Promise<BridgeHandle> {
  const token = options.token ?? createBridgeToken();
  if (token.length < 16) throw new Error('The bridge needs a token of at least 16 characters.');
  const restart = options.restart ?? defaultRestartPolicy;
  const maxSessions = options.maxSessionsPerServer ?? 8;
  const maxRequestBytes = options.maxRequestBytes ?? 4 * 1024 * 1024;
  const entries = new Map<string, ServerEntry>();
  for (const spec of options.servers) {
    if (entries.has(spec.path)) throw new Error(`Two servers at ${spec.path}: names must differ.`);
    entries.set(spec.path, { spec, sessions: new Map(), starting: new Set(), warm: undefined });
  }
  let closing = false;

  async function openSession(entry: ServerEntry): Promise<BridgeSession> {
    const warm = entry.warm;
    entry.warm = undefined;
    const session: BridgeSession = new BridgeSession({
      spec: entry.spec,
      log: options.log,
      restart,
      warmChild: warm,
      onSessionInitialized: (id) => {
        entry.starting.delete(session);
        entry.sessions.set(id, session);
        evictOldest(entry);
      },
      onClosed: (id) => {
        entry.starting.delete(session);
        if (id !== undefined) entry.sessions.delete(id);
      },
    });
    entry.starting.add(session);
    try {
      await session.start();
    } catch (error) {
      await session.close();
      throw error;
    }
    return session;
  }

  function evictOldest(entry: ServerEntry): void {
    while (entry.sessions.size > maxSessions) {
      const oldest = [...entry.sessions.values()].sort((a, b) => a.lastUsed - b.lastUsed)[0];
      if (oldest === undefined) return;
      options.log.info(`[${entry.spec.name}] more than ${maxSessions} connections: closing the least recently used.`);
      void oldest.close();
      if (oldest.http.sessionId !== undefined) entry.sessions.delete(oldest.http.sessionId);
    }
  }

  async function handlePost(request: IncomingMessage, response: ServerResponse, entry: ServerEntry): Promise<void> {
    const raw = await readCappedBody(request, maxRequestBytes);
    if (raw === 'too-large') {
      response.setHeader('Connection', 'close');
      sendJsonRpcError(response, 413, `The request is larger than ${maxRequestBytes} bytes.`, -32600);
      return;
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString('utf8')) as unknown;
    } catch {
      sendJsonRpcError(response, 400, 'Parse error: the body is not valid JSON.', -32700);
      return;
    }
    const sessionId = request.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = entry.sessions.get(sessionId);
      if (session === undefined) return sendJsonRpcError(response, 404, 'Session not found: connect again.', -32001);
      await session.handleRequest(request, response, body);
      return;
    }
    if (!isInitializeRequest(body))
      return sendJsonRpcError(
        response,
        400,
        'Bad request: no Mcp-Session-Id header, and the message is not an initialize request.',
      );
    let session: BridgeSession;
    try {
      session = await openSession(entry);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      options.log.error(`[${entry.spec.name}] could not start "${entry.spec.command}": ${reason}`);
      return sendJsonRpcError(response, 502, `The bridge could not start "${entry.spec.command}": ${reason}`, -32603);
    }
    await session.handleRequest(request, response, body);
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const refusal = checkRequestOrigin(request, {
      allowedHostnames: LOOPBACK_HOSTNAMES,
      allowedOrigins: options.allowedOrigins,
    });
    if (refusal !== undefined) {
      // A refused page gets no CORS headers, so it cannot even read why.
      response
        .writeHead(403, { 'content-type': 'text/plain; charset=utf-8' })
        .end(`${refusal} (Start the bridge with --allow-origin <origin> to let another Loupe in.)`);
      return;
    }
    setCorsHeaders(request, response);
    if (request.method === 'OPTIONS') return answerPreflight(request, response);
    if (!hasBridgeToken(request, token))
      return sendJsonRpcError(response, 401, 'Missing or wrong bridge token: paste the whole URL the bridge printed.');
    if (closing) return sendJsonRpcError(response, 503, 'The bridge is stopping.');
    const entry = entries.get(new URL(request.url ?? '/', 'http://bridge').pathname);
    if (entry === undefined)
      return sendJsonRpcError(response, 404, `Not found. This bridge serves ${[...entries.keys()].join(', ')}.`);
    if (request.method === 'POST') return handlePost(request, response, entry);
    if (request.method === 'GET' || request.method === 'DELETE') {
      const sessionId = request.headers['mcp-session-id'];
      const session = typeof sessionId === 'string' ? entry.sessions.get(sessionId) : undefined;
      if (session === undefined)
        return sendJsonRpcError(
          response,
          typeof sessionId === 'string' ? 404 : 400,
          'Missing or unknown Mcp-Session-Id.',
        );
      return session.handleRequest(request, response);
    }
    response.writeHead(405, { allow: 'GET, POST, DELETE, OPTIONS' }).end();
  }

  const httpServer = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      sendJsonRpcError(
        response,
        500,
        `Internal error: ${error instanceof Error ? error.message : String(error)}`,
        -32603,
      );
    });
  });
  await new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(options.port ?? 0, '127.0.0.1', () => {
      httpServer.off('error', reject);
      resolve();
    });
  });
  const port = (httpServer.address() as AddressInfo).port;

  async function close(): Promise<void> {
    closing = true;
    const all = [...entries.values()];
    await Promise.allSettled(
      all.flatMap((entry) => [
        entry.warm?.stop() ?? Promise.resolve(),
        ...[...entry.sessions.values(), ...entry.starting].map((session) => session.close()),
      ]),
    );
    httpServer.closeAllConnections();
    await new Promise<void>((resolve) => httpServer.close(() => resolve()));
  }

  if (options.warmStart !== false) {
    try {
      for (const entry of entries.values()) {
        const child = new StdioChild(entry.spec);
        child.attach({
          onmessage: () => {},
          onstderr: (line) => options.log.child(entry.spec.name, line),
          oncrash: (reason) => {
            if (!closing)
              options.log.error(
                `[${entry.spec.name}] stopped before Loupe connected (${reason}); a connection starts it again.`,
              );
          },
        });
        await child.start();
        entry.warm = child;
      }
    } catch (error) {
      await close();
      throw error;
    }
  }

  return {
    port,
    token,
    urls: options.servers.map((spec) => ({
      name: spec.name,
      url: `http://127.0.0.1:${port}${spec.path}?token=${token}`,
    })),
    childPids: () =>
      [...entries.values()].flatMap((entry) =>
        [entry.warm?.pid, ...[...entry.sessions.values(), ...entry.starting].map((session) => session.childPid)].filter(
          (pid): pid is number => pid !== undefined,
        ),
      ),
    close,
  };
}

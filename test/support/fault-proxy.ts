// A small TCP proxy in front of a real server, for fault tests: it cuts, resets, stalls or drips a connection,
// answers an HTTP status in the server's place, goes down and comes back up on the same port.
import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** What the proxy does to a connection. */
export type Fault =
  /** Close both sides (FIN): the server closed it. */
  | { kind: 'cut' }
  /** Reset the client's side (RST). */
  | { kind: 'reset' }
  /** Stop passing the server's bytes on (the connection stays open). */
  | { kind: 'stall' }
  /** Pass the server's bytes on one at a time, `everyMs` apart. */
  | { kind: 'drip'; everyMs: number }
  /** Answer the request with this HTTP status and close, the server never hearing of it. */
  | { kind: 'status'; status: 404 | 502 };

/** When an armed fault strikes: at a request whose bytes contain `match` (any request when absent). */
export interface FaultTrigger {
  match?: string;
  /** `request`: before the request reaches the server; `response`: once the server's first bytes came back. */
  at: 'request' | 'response';
}

interface Pair {
  client: Socket;
  upstream: Socket;
  stalled: boolean;
  drip?: { everyMs: number; queue: Buffer[]; timer?: ReturnType<typeof setInterval> };
}

/** A running proxy. */
export interface FaultProxy {
  readonly port: number;
  /** The proxied address of `path` on the target (e.g. `/mcp`). */
  url(path: string): string;
  /** The next request that matches gets `fault` (once). */
  arm(fault: Fault, trigger: FaultTrigger): void;
  /** Applies `fault` to every open connection now (`status` is for armed requests only). */
  strike(fault: Exclude<Fault, { kind: 'status' }>): void;
  /** Connections open now. */
  readonly open: number;
  /** Stops listening and cuts every connection: the server is gone (connections are refused). */
  down(): Promise<void>;
  /** Listens again on the same port. */
  up(): Promise<void>;
  close(): Promise<void>;
}

function apply(pair: Pair, fault: Exclude<Fault, { kind: 'status' }>): void {
  switch (fault.kind) {
    case 'cut':
      pair.upstream.destroy();
      pair.client.end();
      pair.client.destroy();
      return;
    case 'reset':
      pair.upstream.destroy();
      pair.client.resetAndDestroy();
      return;
    case 'stall':
      pair.stalled = true;
      return;
    case 'drip': {
      const drip: NonNullable<Pair['drip']> = { everyMs: fault.everyMs, queue: [] };
      pair.drip = drip;
      drip.timer = setInterval(() => {
        const head = drip.queue[0];
        if (head === undefined || pair.client.destroyed) return;
        pair.client.write(head.subarray(0, 1));
        if (head.length > 1) drip.queue[0] = head.subarray(1);
        else drip.queue.shift();
      }, fault.everyMs);
      return;
    }
  }
}

/** Starts a proxy on 127.0.0.1 (a free port) to `targetPort` on 127.0.0.1. */
export async function startFaultProxy(targetPort: number): Promise<FaultProxy> {
  const pairs = new Set<Pair>();
  const armed: { fault: Fault; trigger: FaultTrigger }[] = [];
  let port = 0;
  let server: Server;

  const take = (chunk: Buffer, at: FaultTrigger['at']) => {
    const index = armed.findIndex(
      ({ trigger }) => trigger.at === at && (trigger.match === undefined || chunk.includes(trigger.match)),
    );
    return index === -1 ? undefined : armed.splice(index, 1)[0]?.fault;
  };

  const onConnection = (client: Socket) => {
    const upstream = connect(targetPort, '127.0.0.1');
    const pair: Pair = { client, upstream, stalled: false };
    pairs.add(pair);
    let responding: Fault | undefined;
    const drop = () => {
      if (pair.drip?.timer !== undefined) clearInterval(pair.drip.timer);
      pairs.delete(pair);
      upstream.destroy();
      client.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', () => {
      if (pair.drip === undefined || pair.drip.queue.length === 0) client.end();
    });
    client.on('data', (chunk: Buffer) => {
      const fault = take(chunk, 'request');
      if (fault?.kind === 'status') {
        const reason = fault.status === 404 ? 'Not Found' : 'Bad Gateway';
        client.end(`HTTP/1.1 ${fault.status} ${reason}\r\ncontent-length: 0\r\nconnection: close\r\n\r\n`);
        upstream.destroy();
        return;
      }
      if (fault !== undefined) {
        apply(pair, fault);
        if (fault.kind === 'cut' || fault.kind === 'reset') return;
      }
      responding ??= take(chunk, 'response');
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      if (pair.stalled) return;
      if (pair.drip !== undefined) {
        pair.drip.queue.push(chunk);
        return;
      }
      client.write(chunk);
      if (responding !== undefined && responding.kind !== 'status') {
        const fault = responding;
        responding = undefined;
        apply(pair, fault);
      }
    });
  };

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      server = createServer(onConnection);
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        port = (server.address() as AddressInfo).port;
        resolve();
      });
    });
  await listen();

  const cutAll = () => {
    for (const pair of [...pairs]) apply(pair, { kind: 'cut' });
  };

  return {
    get port() {
      return port;
    },
    url: (path) => `http://127.0.0.1:${port}${path}`,
    arm(fault, trigger) {
      armed.push({ fault, trigger });
    },
    strike(fault) {
      for (const pair of [...pairs]) apply(pair, fault);
    },
    get open() {
      return pairs.size;
    },
    async down() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    up: listen,
    async close() {
      cutAll();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

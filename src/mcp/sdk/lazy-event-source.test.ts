// The worker build's stand-in for `eventsource` (the MCP client's HTTP+SSE transport): a stream against a real SSE
// server behaves as the package's own, whatever was set before the package loaded.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { EventSource as RealEventSource } from 'eventsource';
import { afterEach, describe, expect, it } from 'vitest';
import { createLazyEventSource, EventSource } from './lazy-event-source';

let server: Server | undefined;

/** An SSE endpoint sending the transport's `endpoint` event, then one message, then holding the stream open. */
async function startSse(): Promise<string> {
  server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    response.write('event: endpoint\ndata: /messages?sessionId=1\n\n');
    response.write('data: {"jsonrpc":"2.0","method":"ping"}\n\n');
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/sse`;
}

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

describe('the lazy EventSource', () => {
  it('opens the stream once loaded and hands it the handlers and listeners set before', async () => {
    const url = await startSse();
    const source = new EventSource(url);
    expect(source.readyState).toBe(EventSource.CONNECTING);
    const seen: string[] = [];
    const opened = new Promise<void>((resolve) => {
      source.onopen = () => resolve();
    });
    const endpoint = new Promise<string>((resolve) => {
      source.addEventListener('endpoint', (event) => resolve((event as MessageEvent<string>).data));
    });
    const dropped = () => seen.push('removed listener ran');
    source.addEventListener('endpoint', dropped);
    source.removeEventListener('endpoint', dropped);
    const message = new Promise<string>((resolve) => {
      source.onmessage = (event) => resolve(event.data as string);
    });
    await opened;
    expect(source.readyState).toBe(RealEventSource.OPEN);
    expect(await endpoint).toBe('/messages?sessionId=1');
    expect(await message).toBe('{"jsonrpc":"2.0","method":"ping"}');
    expect(seen).toEqual([]);
    source.close();
    expect(source.readyState).toBe(RealEventSource.CLOSED);
  });

  it('passes the init (its fetch) to the real stream', async () => {
    const url = await startSse();
    const fetched: string[] = [];
    const source = new EventSource(url, {
      fetch: (input, init) => {
        fetched.push(String(input));
        return fetch(input, init);
      },
    });
    await new Promise<void>((resolve) => {
      source.onopen = () => resolve();
    });
    source.close();
    expect(fetched).toEqual([url]);
  });

  it('never opens a stream closed before the package loaded', async () => {
    let made = 0;
    let release: () => void = () => {};
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const Lazy = createLazyEventSource(async () => {
      await loaded;
      return class Counted extends RealEventSource {
        constructor(...args: ConstructorParameters<typeof RealEventSource>) {
          super(...args);
          made += 1;
        }
      };
    });
    const source = new Lazy('http://127.0.0.1:9/sse');
    source.close();
    release();
    // The load's continuation has run once a macrotask has passed.
    await new Promise((resolve) => setImmediate(resolve));
    expect(made).toBe(0);
    expect(source.readyState).toBe(Lazy.CLOSED);
  });

  it('reports a package that cannot load as a stream error with a message, and stays closed', async () => {
    const Lazy = createLazyEventSource(() => Promise.reject(new Error('chunk missing')));
    const source = new Lazy('http://127.0.0.1:9/sse');
    const error = await new Promise<Event & { message?: string; code?: number }>((resolve) => {
      source.onerror = resolve;
    });
    expect(error.type).toBe('error');
    expect(error.message).toMatch(/HTTP\+SSE transport could not be loaded: chunk missing/);
    expect(error.code).toBeUndefined();
    expect(source.readyState).toBe(Lazy.CLOSED);
  });
});

// The `eventsource` package, as the MCP client's older HTTP+SSE transport (`SSEClientTransport`) takes it, loaded
// only when that transport first opens a stream: most servers speak streamable HTTP, so the engine worker build
// gives the SDK this class in place of the package (server/vite-sdk-stand-ins-plugin.ts; about 2 KB gzip less).
// Handlers and listeners set before the package has loaded are handed to the real stream when it has; a stream
// closed before then is never opened. Tests and Node run the real package.
import type { EventSource as RealEventSource, EventSourceInit } from 'eventsource';

type EventSourceClass = typeof RealEventSource;
type Handler<E extends Event> = ((event: E) => unknown) | null;
type Listener = Parameters<RealEventSource['addEventListener']>;

/** An `EventSource` class whose streams load the real one with `load` (once per stream) before they connect. */
export function createLazyEventSource(load: () => Promise<EventSourceClass>) {
  return class LazyEventSource {
    static readonly CONNECTING = 0;
    static readonly OPEN = 1;
    static readonly CLOSED = 2;
    readonly CONNECTING = 0;
    readonly OPEN = 1;
    readonly CLOSED = 2;
    readonly url: string;
    readonly withCredentials: boolean;
    onopen: Handler<Event> = null;
    onmessage: Handler<MessageEvent> = null;
    onerror: Handler<Event> = null;
    #real: RealEventSource | undefined;
    #closed = false;
    readonly #listeners: Listener[] = [];

    constructor(url: string | URL, init?: EventSourceInit) {
      this.url = String(url);
      this.withCredentials = init?.withCredentials ?? false;
      load().then(
        (Real) => {
          if (this.#closed) return;
          const real = new Real(url, init);
          this.#real = real;
          real.onopen = (event) => this.onopen?.(event);
          real.onmessage = (event) => this.onmessage?.(event);
          real.onerror = (event) => this.onerror?.(event);
          for (const listener of this.#listeners.splice(0)) real.addEventListener(...listener);
        },
        (error: unknown) => {
          if (this.#closed) return;
          this.#closed = true;
          // As the package reports a stream that could not connect: an error event with a message and no code.
          const reason = error instanceof Error ? error.message : String(error);
          const message = `The HTTP+SSE transport could not be loaded: ${reason}`;
          this.onerror?.(Object.assign(new Event('error'), { message, code: undefined }));
        },
      );
    }

    get readyState(): number {
      return this.#real?.readyState ?? (this.#closed ? LazyEventSource.CLOSED : LazyEventSource.CONNECTING);
    }

    addEventListener(...listener: Listener): void {
      if (this.#real !== undefined) this.#real.addEventListener(...listener);
      else this.#listeners.push(listener);
    }

    removeEventListener(...listener: Listener): void {
      if (this.#real !== undefined) {
        this.#real.removeEventListener(...listener);
        return;
      }
      const [type, callback] = listener;
      const index = this.#listeners.findIndex(([known, knownCallback]) => known === type && knownCallback === callback);
      if (index >= 0) this.#listeners.splice(index, 1);
    }

    close(): void {
      this.#closed = true;
      this.#real?.close();
    }
  };
}

/** The class the MCP client's HTTP+SSE transport constructs in the worker build. */
export const EventSource = createLazyEventSource(async () => (await import('eventsource')).EventSource);

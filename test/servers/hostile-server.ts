// A hostile MCP test server: what a buggy or malicious server sends, for the bounds Loupe keeps.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { Protocol } from '@modelcontextprotocol/sdk/shared/protocol.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolRequest,
  type ListToolsResult,
  type ServerNotification,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import { serveMcpHttp, type McpHttpHandle, type ServeMcpHttpOptions } from '../../server/serve-mcp-http';
import { tinyPngBase64 } from './media-server';

/** Observations a test can read after the fact. */
export interface HostileServerProbe {
  /** tools/list requests answered on the endless-cursor endpoint. */
  endlessPages: number;
  /** Calls whose cancellation reached the server (endless progress, never answers). */
  cancelledCalls: number;
}

/** Decoded size of the oversized image `huge_image` sends. */
export const HUGE_IMAGE_BYTES = 20 * 1024 * 1024;

let hugeImage: string | undefined;
/** A 20 MB "PNG" (right signature, zero bytes after it), base64; built once. */
function hugeImageBase64(): string {
  if (hugeImage === undefined) {
    const bytes = Buffer.alloc(HUGE_IMAGE_BYTES);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes);
    hugeImage = bytes.toString('base64');
  }
  return hugeImage;
}

const text = (value: string) => ({ type: 'text', text: value });
const inputSchema = { type: 'object' as const, properties: {} };
const tool = (name: string, description: string): Tool => ({
  name,
  description,
  inputSchema,
  annotations: { readOnlyHint: true },
});

/** The tools of the main endpoint and the raw (unvalidated) results they answer with. */
const answers: Record<string, () => unknown> = {
  good: () => ({ content: [text('The good part: all is well.')] }),
  bad_base64: () => ({
    content: [
      text('Before the bad image.'),
      { type: 'image', mimeType: 'image/png', data: '@@ this is not base64 @@' },
      text('After the bad image.'),
    ],
  }),
  huge_image: () => ({
    content: [
      text('A 20 MB image follows.'),
      { type: 'image', mimeType: 'image/png', data: hugeImageBase64() },
      text('After the huge image.'),
    ],
  }),
  unknown_parts: () => ({
    content: [
      text('Known part one.'),
      { type: 'hologram', data: 'AAAA' },
      { type: 42 },
      null,
      'a bare string',
      { type: 'image', mimeType: 'image/png', data: tinyPngBase64 },
      text('Known part two.'),
    ],
  }),
  not_a_png: () => ({
    content: [
      text('An image whose bytes are text.'),
      { type: 'image', mimeType: 'image/png', data: Buffer.from('just some text, no image').toString('base64') },
    ],
  }),
  many_images: () => ({
    content: Array.from({ length: 20 }, () => ({ type: 'image', mimeType: 'image/png', data: tinyPngBase64 })),
  }),
};

const descriptions: Record<string, string> = {
  good: 'Answers a plain, valid text result.',
  bad_base64: 'Text, an image whose data is not base64, more text.',
  huge_image: 'Text, a 20 MB image, more text.',
  unknown_parts: 'Two text parts around part types no MCP version defines, and one good image.',
  not_a_png: 'An image part whose bytes are not an image.',
  many_images: 'Twenty small images in one result.',
  endless_progress: 'Reports progress every 100 ms for ever and never answers.',
  never_answers: 'Never answers and never reports progress.',
};

type RawCallHandler = (
  request: CallToolRequest,
  extra: { signal: AbortSignal; sendNotification: (notification: ServerNotification) => Promise<void> },
) => Promise<unknown>;

/** Sets a tools/call handler without the SDK's result validation, so the raw hostile result goes out. */
function setRawCallHandler(server: McpServer, handler: RawCallHandler): void {
  // `Server.setRequestHandler` validates tools/call results; the base class's method does not.
  // eslint-disable-next-line @typescript-eslint/unbound-method -- called below with the server as `this`
  const base = Protocol.prototype.setRequestHandler as unknown as (
    this: unknown,
    schema: typeof CallToolRequestSchema,
    handler: RawCallHandler,
  ) => void;
  base.call(server.server, CallToolRequestSchema, handler);
}

/** Waits until `signal` aborts (a call that never answers by itself), counting the cancellation. */
function waitForCancel(signal: AbortSignal, probe: HostileServerProbe, onTick?: () => void): Promise<never> {
  return new Promise((_, reject) => {
    const timer = onTick === undefined ? undefined : setInterval(onTick, 100);
    signal.addEventListener(
      'abort',
      () => {
        clearInterval(timer);
        probe.cancelledCalls += 1;
        reject(new Error('cancelled'));
      },
      { once: true },
    );
  });
}

/** The main endpoint: hostile results, endless progress, a call that never answers. */
export function createHostileMcpServer(probe: HostileServerProbe): McpServer {
  const server = new McpServer({ name: 'hostile-test', version: '0.0.1' });
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: Object.keys(descriptions).map((name) => tool(name, descriptions[name] ?? name)),
  }));
  setRawCallHandler(server, async (request, extra) => {
    const name = request.params.name;
    if (name === 'never_answers') return waitForCancel(extra.signal, probe);
    if (name === 'endless_progress') {
      const token = request.params._meta?.progressToken;
      let step = 0;
      return waitForCancel(extra.signal, probe, () => {
        step += 1;
        if (token !== undefined)
          void extra
            .sendNotification({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step, message: `step ${step}, and more to come` },
            })
            .catch(() => {});
      });
    }
    const answer = answers[name];
    if (answer === undefined) return { content: [text(`Unknown tool ${name}.`)], isError: true };
    return answer();
  });
  return server;
}

/** An endpoint whose tools/list always answers a next cursor: 10 new tools per page, for ever. */
export function createEndlessListingServer(probe: HostileServerProbe): McpServer {
  const server = new McpServer({ name: 'hostile-endless', version: '0.0.1' });
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, (request): ListToolsResult => {
    probe.endlessPages += 1;
    const page = Number(request.params?.cursor ?? '0');
    return {
      tools: Array.from({ length: 10 }, (_, index) => tool(`page${page}_tool${index}`, 'One of endless tools.')),
      nextCursor: String(page + 1),
    };
  });
  return server;
}

/** An endpoint listing `count` tools (default 10,000) in pages of 1,000. */
export function createManyToolsServer(count = 10_000): McpServer {
  const server = new McpServer({ name: 'hostile-many', version: '0.0.1' });
  server.server.registerCapabilities({ tools: {} });
  server.server.setRequestHandler(ListToolsRequestSchema, (request): ListToolsResult => {
    const start = Number(request.params?.cursor ?? '0');
    const end = Math.min(count, start + 1000);
    return {
      tools: Array.from({ length: end - start }, (_, index) => tool(`tool${start + index}`, 'One of many tools.')),
      ...(end < count ? { nextCursor: String(end) } : {}),
    };
  });
  return server;
}

/** A raw HTTP endpoint that answers every request with something that is not JSON-RPC. */
async function serveGarbage(): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    response.setHeader('Access-Control-Allow-Origin', '*');
    response.setHeader('Access-Control-Allow-Headers', '*');
    if (request.method === 'OPTIONS') {
      response.writeHead(204).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{"jsonrpc": "2.0", "id": oops, garbage');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/mcp`, server };
}

/** The running hostile server: `url` is the main endpoint; the others are hostile in one way each. */
export interface HostileServerHandle extends McpHttpHandle {
  probe: HostileServerProbe;
  /** tools/list never ends (always a next cursor). */
  endlessUrl: string;
  /** 10,000 tools. */
  manyUrl: string;
  /** Answers garbage instead of JSON-RPC. */
  garbageUrl: string;
}

/** Starts the hostile server's endpoints on 127.0.0.1 (the main one on `options.port`, the others on free ports). */
export async function startHostileServer(options: ServeMcpHttpOptions = {}): Promise<HostileServerHandle> {
  const probe: HostileServerProbe = { endlessPages: 0, cancelledCalls: 0 };
  const main = await serveMcpHttp(() => createHostileMcpServer(probe), options);
  // The side endpoints answer the same pages as the main one (Loupe's origins).
  const sideOptions = options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins };
  const endless = await serveMcpHttp(() => createEndlessListingServer(probe), sideOptions);
  const many = await serveMcpHttp(() => createManyToolsServer(), sideOptions);
  const garbage = await serveGarbage();
  return {
    url: main.url,
    probe,
    endlessUrl: endless.url,
    manyUrl: many.url,
    garbageUrl: garbage.url,
    async close() {
      garbage.server.closeAllConnections();
      await Promise.all([
        main.close(),
        endless.close(),
        many.close(),
        new Promise<void>((resolve) => garbage.server.close(() => resolve())),
      ]);
    },
  };
}

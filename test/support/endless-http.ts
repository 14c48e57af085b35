// A local HTTP server whose answers never end, for tests of the bounds a client keeps on what a server sends:
// each path is an attack; `written` says, per path, how many bytes went out before the client went away.
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';
import type { Model, ModelStreamPart } from '../../src/engine/model/model';

export type Attack = (response: ServerResponse) => void;

/** What one answer wrote, and whether the client closed it (a refused answer must not stay open). */
export interface Written {
  bytes: number;
  closed: boolean;
}

/** An SSE event as the Messages API writes it. */
export const sseEvent = (event: string, data: unknown): string => `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;

/** Writes `piece` until the client goes away, waiting for the socket to drain (the client sets the pace). */
export function writeForever(written: Map<string, Written>, response: ServerResponse, piece: string): void {
  const record: Written = { bytes: 0, closed: false };
  written.set(response.req.url ?? '', record);
  response.once('close', () => {
    record.closed = true;
  });
  const next = () => {
    for (;;) {
      if (response.destroyed) return;
      record.bytes += Buffer.byteLength(piece);
      if (!response.write(piece)) break;
    }
    response.once('drain', next);
  };
  next();
}

/** A record of what each answer wrote, by path, and `writeForever` bound to it. */
export function createEndlessWriter(): {
  written: Map<string, Written>;
  writeForever: (response: ServerResponse, piece: string) => void;
} {
  const written = new Map<string, Written>();
  return { written, writeForever: (response, piece) => writeForever(written, response, piece) };
}

/**
 * Serves `attacks` by path for the enclosing `describe` (started before its tests, closed after them);
 * returns the server's origin once started.
 */
export function serveEndlessAnswers(attacks: Record<string, Attack>): () => string {
  let server: Server | undefined;
  let base = '';
  beforeAll(async () => {
    const started = createServer((request, response) => {
      request.resume();
      const attack = attacks[request.url ?? ''];
      if (attack === undefined) response.writeHead(404).end();
      else attack(response);
    });
    server = started;
    await new Promise<void>((resolve) => started.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(started.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    const started = server;
    if (started === undefined) return;
    started.closeAllConnections();
    await new Promise<void>((resolve) => started.close(() => resolve()));
  });
  return () => base;
}

/** Streams one "Hi" request through `model` to its end or its error, keeping the parts that arrived. */
export async function drainHi(model: Model): Promise<{ parts: ModelStreamPart[]; error: unknown }> {
  const parts: ModelStreamPart[] = [];
  const request = {
    messages: [{ role: 'user' as const, content: [{ type: 'text' as const, text: 'Hi' }] }],
    tools: [],
    maxTokens: 100,
  };
  try {
    for await (const part of model.doStream(request, new AbortController().signal)) parts.push(part);
  } catch (error) {
    return { parts, error };
  }
  return { parts, error: undefined };
}

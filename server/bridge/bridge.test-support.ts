// Test support for the bridge: the test stdio server as a spec, a recording log, and an SDK client that
// connects the way Loupe's page does (with Loupe's Origin).
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { LoggingMessageNotificationSchema } from '@modelcontextprotocol/sdk/types.js';
import type { BridgeLog } from './bridge-log.ts';
import type { BridgedServer } from './start-bridge.ts';

export const LOUPE = 'http://localhost:5173';

export const testServerPath = fileURLToPath(new URL('./testing/stdio-test-server.mjs', import.meta.url));

export function testServer(overrides: Partial<BridgedServer> = {}): BridgedServer {
  return { name: 'test', command: process.execPath, args: [testServerPath], path: '/mcp', ...overrides };
}

export interface RecordingLog extends BridgeLog {
  lines: string[];
  /** Resolves at the first line (past or future) that matches. */
  waitFor: (pattern: RegExp) => Promise<string>;
}

export function recordingLog(): RecordingLog {
  const lines: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  const add = (line: string) => {
    lines.push(line);
    for (const waiter of [...waiters])
      if (waiter.pattern.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
  };
  return {
    lines,
    info: add,
    error: add,
    child: (name, line) => add(`[${name}] ${line}`),
    waitFor: (pattern) =>
      new Promise((resolve) => {
        const seen = lines.find((line) => pattern.test(line));
        if (seen !== undefined) resolve(seen);
        else waiters.push({ pattern, resolve });
      }),
  };
}

export interface TestClient {
  client: Client;
  /** Log messages the bridge sent (`notifications/message` data). */
  logs: string[];
  waitForLog: (pattern: RegExp) => Promise<string>;
}

/** Connects like Loupe's page: Loupe's Origin, the URL as printed. */
export async function connectClient(
  url: string,
  headers: Record<string, string> = { origin: LOUPE },
): Promise<TestClient> {
  const client = new Client({ name: 'bridge-test', version: '1.0.0' });
  const logs: string[] = [];
  const waiters: { pattern: RegExp; resolve: (line: string) => void }[] = [];
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    const line = String(notification.params.data);
    logs.push(line);
    for (const waiter of [...waiters])
      if (waiter.pattern.test(line)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
  });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } }));
  return {
    client,
    logs,
    waitForLog: (pattern) =>
      new Promise((resolve) => {
        const seen = logs.find((line) => pattern.test(line));
        if (seen !== undefined) resolve(seen);
        else waiters.push({ pattern, resolve });
      }),
  };
}

/** The text of a tool result's first block. */
export function textOf(result: unknown): string {
  const content = (result as { content?: { type: string; text?: string }[] }).content ?? [];
  return content[0]?.text ?? '';
}

/** Whether a process with this pid still exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

// A 2025-era test MCP server whose one tool, `paced`, moves only when the test says: it reports progress or
// ends on each step the test releases, and uses no timers. A test that fakes the clock can then put exact
// gaps between progress notifications without racing a loaded machine.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { serveMcpHttp, type McpHttpHandle } from '../../server/serve-mcp-http';

/** What the `paced` tool does next. */
export type PacedStep = 'progress' | 'end';

/** The test's hold on the `paced` tool's calls (one call at a time). */
export interface Pacer {
  /** Resolves when the next call's handler is running (so the client has sent it and started its clock). */
  started(): Promise<void>;
  /** Lets the running call report one progress notification, or end with the text `Done.`. */
  release(step: PacedStep): void;
}

function createPacer() {
  let onStart: (() => void) | undefined;
  let onStep: ((step: PacedStep) => void) | undefined;
  const queued: PacedStep[] = [];
  const pacer: Pacer = {
    started: () => new Promise<void>((resolve) => (onStart = resolve)),
    release(step) {
      if (onStep === undefined) queued.push(step);
      else onStep(step);
    },
  };
  const handler = {
    start: () => onStart?.(),
    next: (signal: AbortSignal) =>
      new Promise<PacedStep>((resolve, reject) => {
        const step = queued.shift();
        if (step !== undefined) return resolve(step);
        signal.addEventListener('abort', () => reject(new Error('cancelled')), { once: true });
        onStep = (released) => {
          onStep = undefined;
          resolve(released);
        };
      }),
  };
  return { pacer, handler };
}

/** Starts the paced server on a free port of 127.0.0.1 (its tool is `paced`, taking no input). */
export async function startPacedServer(): Promise<McpHttpHandle & { pacer: Pacer }> {
  const { pacer, handler } = createPacer();
  const handle = await serveMcpHttp(() => {
    const server = new McpServer({ name: 'paced', version: '1.0.0' });
    server.registerTool('paced', { description: 'Reports progress and ends when the test says.' }, async (extra) => {
      handler.start();
      const token = extra._meta?.progressToken;
      for (let progress = 1; ; progress += 1) {
        if ((await handler.next(extra.signal)) === 'end') return { content: [{ type: 'text', text: 'Done.' }] };
        if (token !== undefined)
          await extra.sendNotification({
            method: 'notifications/progress',
            params: { progressToken: token, progress },
          });
      }
    });
    return server;
  });
  return { ...handle, pacer };
}

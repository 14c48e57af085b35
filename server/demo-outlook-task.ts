// The demo server's task tool, `weather.outlook`: a day-by-day outlook for a city, prepared one day per step and
// run as an MCP task in both eras, so the timeline shows a task card offline (working → each day → the result;
// Stop → cancelled). 2025-11-25: core Tasks through the SDK's own task store. 2026-07-28: the Tasks extension
// (`io.modelcontextprotocol/tasks`), which the SDK does not serve, as a small receiver (`demo-modern-tasks.ts`).
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';

/** How long each day of the outlook takes, and how often a client should poll, unless told otherwise. */
export const DEFAULT_OUTLOOK_STEP_MS = 1_200;
export const OUTLOOK_POLL_MS = 500;
/** How long a finished task is kept for a client that asks late. */
export const OUTLOOK_TTL_MS = 600_000;

/** The input of `weather.outlook`, as a zod shape (each SDK era wraps it its own way). */
export const outlookShape = {
  city: z.string().describe('City name, e.g. "Paris" or "Osaka".'),
  days: z.number().int().min(1).max(7).optional().describe('How many days ahead, 1 to 7 (5 by default).'),
};

/** The tool's description, title and annotations (both eras). */
export const outlookTool = {
  title: 'Weather outlook',
  description:
    'A day-by-day weather outlook for a city, 1 to 7 days ahead, prepared one day at a time. It runs as an MCP ' +
    'task: the call shows each day as it is prepared, and can be stopped.',
  annotations: { title: 'Weather outlook', readOnlyHint: true, openWorldHint: false },
};

type LookUp = (city: string) => { city: string; temperatureC: number; conditions: string } | undefined;

/** One day of the outlook: the city's simulated weather, moved on a little per day (deterministic). */
function dayOf(lookUp: LookUp, city: string, day: number): string {
  const today = lookUp(city);
  const shifted = lookUp(`${city} ${day}`) ?? today;
  const temperatureC = (today?.temperatureC ?? 15) + (((shifted?.temperatureC ?? 0) % 7) - 3);
  return `Day ${day}: ${temperatureC} °C, ${shifted?.conditions ?? 'cloudy'}`;
}

/** The steps of one outlook, and its result; a name the demo cannot look up is an error result. */
export function planOutlook(lookUp: LookUp, city: string, days = 5): { steps: string[]; result: CallToolResult } {
  const report = lookUp(city);
  if (report === undefined)
    return {
      steps: [],
      result: {
        content: [{ type: 'text', text: `Unknown city "${city}". Give a city name such as "Paris".` }],
        isError: true,
      },
    };
  const count = Math.min(7, Math.max(1, Math.floor(days)));
  const lines = Array.from({ length: count }, (_, index) => dayOf(lookUp, report.city, index + 1));
  return {
    steps: lines.map((_, index) => `Day ${index + 1} of ${count}: ${report.city}`),
    result: { content: [{ type: 'text', text: `Outlook for ${report.city}:\n${lines.join('\n')}` }] },
  };
}

/** How a task's days go by: `next` resolves when the next day may start; clients are asked to poll every `pollMs`. */
export interface OutlookPacing {
  next(): Promise<void>;
  pollMs: number;
}

/** Days of `stepMs` each (timers the process need not stay up for), polled every `pollMs`. */
export function pacedBy(stepMs = DEFAULT_OUTLOOK_STEP_MS, pollMs = OUTLOOK_POLL_MS): OutlookPacing {
  return {
    next: () =>
      new Promise<void>((resolve) => {
        setTimeout(resolve, stepMs).unref();
      }),
    pollMs,
  };
}

/**
 * Registers `weather.outlook` on a 2025-era server built with a task store (`taskStore`, `capabilities.tasks`):
 * a client that asks for a task gets one at once (each day a status message, then the result; `tasks/cancel`
 * stops it between days); any other client gets the answer when the last day is done (the SDK polls for it).
 */
export function registerLegacyOutlook(server: McpServer, lookUp: LookUp, pacing: OutlookPacing): void {
  server.experimental.tasks.registerToolTask(
    'weather.outlook',
    { ...outlookTool, inputSchema: outlookShape, execution: { taskSupport: 'optional' } },
    {
      createTask: async ({ city, days }, extra) => {
        const store = extra.taskStore;
        const ttl = Math.min(OUTLOOK_TTL_MS, extra.taskRequestedTtl ?? OUTLOOK_TTL_MS);
        const task = await store.createTask({ ttl, pollInterval: pacing.pollMs });
        const { steps, result } = planOutlook(lookUp, city, days);
        const work = async () => {
          for (const step of steps) {
            const now = await store.getTask(task.taskId);
            if (now.status !== 'working') return;
            await store.updateTaskStatus(task.taskId, 'working', step);
            await pacing.next();
          }
          const now = await store.getTask(task.taskId);
          if (now.status === 'working') await store.storeTaskResult(task.taskId, 'completed', result);
        };
        // A task the client cancelled (or that expired) is simply left alone.
        void work().catch(() => {});
        return { task };
      },
      getTask: (_args, extra) => extra.taskStore.getTask(extra.taskId),
      getTaskResult: async (_args, extra) => (await extra.taskStore.getTaskResult(extra.taskId)) as CallToolResult,
    },
  );
}

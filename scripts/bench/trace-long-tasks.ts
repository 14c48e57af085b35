// Bench support: the long tasks of a Chromium trace (CDP `Tracing`), each with its wall time, the main
// thread's own CPU time (`tdur`, which a busy machine does not inflate) and what it was spent on.
import type { CDPSession } from '@playwright/test';

/** The categories the bench traces: tasks, their script and GC, and the page's own marks. */
export const TRACE_CATEGORIES = [
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8.execute',
  'v8',
  'blink.user_timing',
  'toplevel',
].join(',');

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { name?: string; data?: Record<string, unknown> };
}

/** A main-thread task over the threshold: times in ms, `start` from the trace's anchor mark. */
export interface TraceLongTask {
  start: number;
  wallMs: number;
  cpuMs: number;
  /** Its largest parts, "what (ms)": the top-level work inside the task, GC summed apart. */
  parts: string[];
}

/** Starts a trace on `cdp`; the returned function ends it and resolves with every event. */
export async function startTrace(cdp: CDPSession): Promise<() => Promise<TraceEvent[]>> {
  const events: TraceEvent[] = [];
  cdp.on('Tracing.dataCollected', ({ value }) => events.push(...(value as unknown as TraceEvent[])));
  await cdp.send('Tracing.start', { categories: TRACE_CATEGORIES, transferMode: 'ReportEvents' });
  return async () => {
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.end');
    await complete;
    return events;
  };
}

function label(event: TraceEvent): string {
  const data = event.args?.data ?? {};
  const text = (key: string) => (typeof data[key] === 'string' ? data[key] : '');
  const url = text('url').replace(/^.*\//, '');
  if (event.name === 'FunctionCall') return `FunctionCall ${text('functionName') || '(anonymous)'} ${url}`.trim();
  if (event.name === 'EventDispatch') return `EventDispatch ${text('type')}`;
  if (event.name === 'EvaluateScript' || event.name === 'v8.compileModule') return `${event.name} ${url}`.trim();
  return event.name;
}

const isGc = (name: string) => /GC|Scavenge|MarkCompact|Sweep/i.test(name);
/** Scheduler frames around the real work: looked through, never listed. */
const isWrapper = (name: string) => /RunTask|^BlinkScheduler_|^ThreadController|^SequenceManager/.test(name);

interface TraceNode {
  event: TraceEvent;
  children: TraceNode[];
}

/** The events of one task as a tree, nested by time (the trace's `X` events on one thread nest exactly). */
function buildTree(task: TraceEvent, inside: TraceEvent[]): TraceNode {
  const root: TraceNode = { event: task, children: [] };
  const stack: TraceNode[] = [root];
  for (const event of [...inside].sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0))) {
    while (stack.length > 1) {
      const top = stack.at(-1)!.event;
      if (event.ts < top.ts + (top.dur ?? 0)) break;
      stack.pop();
    }
    const node: TraceNode = { event, children: [] };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  }
  return root;
}

/** The work a task did: its children, looking through scheduler frames. */
function workOf(node: TraceNode): TraceEvent[] {
  return node.children.flatMap((child) => (isWrapper(child.event.name) ? workOf(child) : [child.event]));
}

/** GC time in the tree, counting only the outermost GC event of a nest. */
function gcOf(node: TraceNode): number {
  return node.children.reduce((sum, child) => sum + (isGc(child.event.name) ? (child.event.dur ?? 0) : gcOf(child)), 0);
}

/**
 * The tasks of the page's main thread (`CrRendererMain`) longer than `thresholdMs`, in order, from the last
 * `anchor` (a `performance.mark`, or `navigationStart`) on; starts are measured from it.
 */
export function findLongTasks(events: TraceEvent[], anchor: string, thresholdMs = 50): TraceLongTask[] {
  const main = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => main.has(`${event.pid}:${event.tid}`) && event.ph === 'X');
  const marks = events.filter((event) => event.name === anchor).map((event) => event.ts);
  const origin = marks.length > 0 ? Math.max(...marks) : Math.min(...onMain.map((event) => event.ts));
  const tasks = onMain
    .filter((event) => event.name === 'RunTask' && event.ts >= origin && (event.dur ?? 0) > thresholdMs * 1000)
    .sort((a, b) => a.ts - b.ts);
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = onMain.filter(
      (event) =>
        event !== task &&
        event.pid === task.pid &&
        event.tid === task.tid &&
        event.ts >= task.ts &&
        event.ts + (event.dur ?? 0) <= end,
    );
    const tree = buildTree(task, inside);
    const sums = new Map<string, number>();
    for (const event of workOf(tree)) sums.set(label(event), (sums.get(label(event)) ?? 0) + (event.dur ?? 0));
    const gc = gcOf(tree);
    const parts = [...sums]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([what, us]) => `${what} (${(us / 1000).toFixed(0)})`);
    if (gc >= 1000) parts.push(`of which GC (${(gc / 1000).toFixed(0)})`);
    return {
      start: (task.ts - origin) / 1000,
      wallMs: (task.dur ?? 0) / 1000,
      cpuMs: (task.tdur ?? task.dur ?? 0) / 1000,
      parts,
    };
  });
}

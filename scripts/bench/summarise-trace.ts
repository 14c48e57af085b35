// Diagnosis support: a Chromium trace of the page's main thread, summed up in a few lines (trace-stream.ts).

/** One event of a Chromium trace (Trace Event Format; times in µs). */
export interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's own CPU time in the span (µs): apart from waiting for a core on a busy machine. */
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: Record<string, unknown>;
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { functionName: string; url?: string; scriptId?: number; lineNumber?: number };
}
interface ProfileChunk {
  cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
  timeDeltas?: number[];
}

/** The renderer's main thread: the one that recorded the page's `run-click` mark. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number; clickAt: number } {
  const mark = events.find((event) => event.name === 'run-click' && event.cat.includes('user_timing'));
  if (mark !== undefined) return { pid: mark.pid, tid: mark.tid, clickAt: mark.ts };
  const names = events.filter((event) => event.ph === 'M' && event.name === 'thread_name');
  const main = names.find((event) => (event.args as { name?: string }).name === 'CrRendererMain');
  if (main === undefined) throw new Error('no renderer main thread in the trace');
  return { pid: main.pid, tid: main.tid, clickAt: 0 };
}

const KINDS: [RegExp, string][] = [
  [/GC|Scavenge|MarkCompact|V8\.GC/i, 'GC'],
  [/^(UpdateLayoutTree|RecalculateStyles|ParseAuthorStyleSheet)$/, 'style'],
  [/^(Layout|UpdateLayerTree|IntersectionObserverController|ResizeObserverController)/, 'layout'],
  [/^(Paint|PrePaint|Layerize|PaintImage|Commit|CompositeLayers|UpdateLayer|RasterTask)$/, 'paint'],
  [/^HitTest$/, 'hit test'],
  [
    /^(FunctionCall|EvaluateScript|v8\.compile|V8\.Execute|TimerFire|FireAnimationFrame|EventDispatch|v8\.run|RunMicrotasks|v8\.callFunction|FireIdleCallback)/,
    'script',
  ],
  [
    /^(ParseHTML|v8\.parseOnBackground|v8\.compileModule|v8\.evaluateModule|CompileCode|CompileScript)/,
    'parse/compile',
  ],
];
const kindOf = (name: string) => KINDS.find(([pattern]) => pattern.test(name))?.[1];

interface Task {
  start: number;
  dur: number;
  cpu: number;
  kinds: Map<string, number>;
}

/** Top-level tasks of the thread, with the self time of what ran inside them by kind. */
function tasksOf(events: TraceEvent[]): Task[] {
  const spans = events
    .filter((event) => event.ph === 'X' && event.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const tasks: Task[] = [];
  const stack: { end: number; dur: number; kind: string; children: number; task: Task }[] = [];
  const pop = () => {
    const done = stack.pop()!;
    const self = Math.max(0, done.dur - done.children);
    done.task.kinds.set(done.kind, (done.task.kinds.get(done.kind) ?? 0) + self);
  };
  for (const span of spans) {
    while (stack.length > 0 && stack.at(-1)!.end <= span.ts) pop();
    const end = span.ts + span.dur!;
    const parent = stack.at(-1);
    if (parent === undefined) {
      if (span.name !== 'RunTask' && span.name !== 'ThreadControllerImpl::RunTask') continue;
      const task: Task = { start: span.ts, dur: span.dur!, cpu: span.tdur ?? span.dur!, kinds: new Map() };
      tasks.push(task);
      stack.push({ end, dur: span.dur!, kind: 'other', children: 0, task });
      continue;
    }
    // A span that sticks out of its parent (clock rounding) is cut to it.
    const dur = Math.min(span.dur!, parent.end - span.ts);
    parent.children += dur;
    stack.push({ end: span.ts + dur, dur, kind: kindOf(span.name) ?? parent.kind, children: 0, task: parent.task });
  }
  while (stack.length > 0) pop();
  return tasks;
}

/** Self time (ms) per JavaScript function from the V8 samples of the thread, in [from, to]. */
function functionsOf(events: TraceEvent[], tid: number, from: number, to: number): Map<string, number> {
  const nodes = new Map<number, ProfileNode>();
  const self = new Map<string, number>();
  // Samples come in chunks from the profiler's own thread, tied to the sampled thread's Profile by id.
  const profile = events.find((event) => event.name === 'Profile' && event.tid === tid);
  const chunks = events.filter((event) => event.name === 'ProfileChunk' && event.id === profile?.id);
  let at = (profile?.args as { data?: { startTime?: number } } | undefined)?.data?.startTime ?? 0;
  for (const chunk of chunks) {
    const data = (chunk.args as { data?: ProfileChunk }).data ?? {};
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    const samples = data.cpuProfile?.samples ?? [];
    const deltas = data.timeDeltas ?? [];
    samples.forEach((id, index) => {
      at += deltas[index] ?? 0;
      const next = deltas[index + 1] ?? 0;
      if (at < from || at > to) return;
      const frame = nodes.get(id)?.callFrame;
      if (frame === undefined) return;
      const file = frame.url?.split('/').at(-1) ?? `script ${frame.scriptId ?? '?'}`;
      const key = `${frame.functionName || '(anonymous)'} ${file}${frame.lineNumber !== undefined ? `:${frame.lineNumber + 1}` : ''}`;
      self.set(key, (self.get(key) ?? 0) + next / 1000);
    });
  }
  return self;
}

const ms = (us: number) => `${(us / 1000).toFixed(1)} ms`;
const top = (map: Map<string, number>, count: number, unit: (value: number) => string) =>
  [...map]
    .filter(([, value]) => value > 0)
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([key, value]) => `    ${unit(value).padStart(10)}  ${key}`)
    .join('\n');

/** Tasks, time by kind and the hottest functions of the main thread from the Run click on. */
export function summariseTrace(events: TraceEvent[]): string {
  const { pid, tid, clickAt } = mainThread(events);
  const own = events.filter((event) => event.pid === pid && event.tid === tid && event.ts >= clickAt);
  const tasks = tasksOf(own);
  const last = tasks.at(-1);
  const span = last === undefined ? 0 : last.start + last.dur - clickAt;
  const busy = tasks.reduce((sum, task) => sum + task.dur, 0);
  const cpu = tasks.reduce((sum, task) => sum + task.cpu, 0);
  const kinds = new Map<string, number>();
  for (const task of tasks) for (const [kind, value] of task.kinds) kinds.set(kind, (kinds.get(kind) ?? 0) + value);
  const longest = [...tasks].sort((a, b) => b.dur - a.dur).slice(0, 5);
  const lines = [
    `  span ${ms(span)}, ${tasks.length} tasks, busy ${ms(busy)} (${((busy / Math.max(1, span)) * 100).toFixed(1)} %), CPU ${ms(cpu)} (${((cpu / Math.max(1, span)) * 100).toFixed(1)} %), tasks > 50 ms: ${tasks.filter((task) => task.dur > 50_000).length}`,
    `  by kind:\n${top(kinds, 10, ms)}`,
    `  hottest functions (self, whole span):\n${top(functionsOf(events, tid, clickAt, clickAt + span), Number(process.env.TRACE_TOP ?? 25), (value) => `${value.toFixed(1)} ms`)}`,
  ];
  for (const task of longest) {
    lines.push(
      `  task at +${ms(task.start - clickAt)}: ${ms(task.dur)}\n${top(task.kinds, 6, ms)}\n${top(functionsOf(events, tid, task.start, task.start + task.dur), 12, (value) => `${value.toFixed(1)} ms`)}`,
    );
  }
  return lines.join('\n');
}

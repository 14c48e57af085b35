// Test helper: one randomized engine sequence from a seed — a run with random replies, tools, limits,
// debugger decisions and cancel timing, then a fork, a reload or a resume — and every history checked.
// Pure: no timers, no I/O (stalls are broken with the fake clock or a cancel, never with real time).
import type { PauseDecision, PausePoint, DebugPolicy } from '../debug/pause-point';
import { forkHistory } from '../debug/fork-history';
import type { RunEvent } from '../event/run-event';
import type { ContentBlock, Message } from '../message/message';
import { findHistoryProblems } from '../message/find-history-problems';
import { repairHistory } from '../message/repair-history';
import type { ModelStreamPart } from '../model/model';
import type { RunOptions, RunResult } from '../run/run-options';
import { runToolLoop } from '../run/run-tool-loop';
import type { Tool } from '../tool/tool';
import { foldHistory } from '../transcript/fold-history';
import { createFakeEnvironment, type FakeEnvironment } from './fake-environment';
import { findRunProblems } from './find-run-problems';
import { createInMemoryTool } from './in-memory-tool';
import { createScriptedModel, toParts, type ScriptedReply } from './scripted-model';
import { createRandom, type Random } from './fuzz-random';
import { randomCompaction, randomDecision, randomPolicies, randomPolicy } from './fuzz-choices';

/** What one sequence did and what was wrong (empty `problems` = fine). */
export interface FuzzOutcome {
  seed: number;
  steps: string[];
  problems: string[];
  /** Compactions the first run made, and those it tried (made or failed), so a suite can tell the fuzz reached them. */
  compactions: number;
  compactionAttempts: number;
}

const TOOL_NAMES = ['lookup', 'search', 'write', 'fail', 'hang'] as const;

function createTools(random: Random): Tool[] {
  const schema = { type: 'object', properties: { q: { type: 'string' } }, additionalProperties: true };
  return [
    createInMemoryTool({
      name: 'lookup',
      inputSchema: schema,
      annotations: { readOnlyHint: true },
      run: () => 'found',
    }),
    createInMemoryTool({
      name: 'search',
      annotations: { readOnlyHint: random.chance(0.5) },
      run: (input) => JSON.stringify(input),
    }),
    createInMemoryTool({
      name: 'write',
      run: () => ({ content: [{ type: 'text', text: 'x'.repeat(random.int(3) * 15_000) }] }),
    }),
    createInMemoryTool({
      name: 'fail',
      run: () => {
        throw new Error('The service is down.');
      },
    }),
    // Answers only to its signal: ends by timeout (the fake clock) or cancel.
    createInMemoryTool({
      name: 'hang',
      timeoutMs: 5_000,
      run: (_input, { signal }) =>
        new Promise<string>((_resolve, reject) =>
          signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }),
        ),
    }),
  ];
}

/** A random reply: text, tool calls (known, unknown, duplicated, with broken JSON), cut short, failing or hanging. */
function randomReply(random: Random, callIndex: number, ids: () => number): ScriptedReply {
  const kind = random.int(10);
  if (kind <= 2) return { content: [{ type: 'text', text: `Answer ${callIndex}.` }] };
  if (kind === 3) return { content: [{ type: 'text', text: 'Partly' }], error: new Error('overloaded') };
  if (kind === 4 && random.chance(0.3)) return { content: [{ type: 'text', text: 'Thinking…' }], hang: true };
  const content: ContentBlock[] = random.chance(0.5) ? [{ type: 'text', text: 'Let me check.' }] : [];
  const calls = 1 + random.int(3);
  // Some servers number calls `call_0`, `call_1` … in every reply; the engine must give repeats fresh ids.
  const reuseIds = random.chance(0.15);
  for (let index = 0; index < calls; index += 1) {
    const name = random.chance(0.1) ? 'missing_tool' : random.pick(TOOL_NAMES);
    const input = random.chance(0.3) ? { q: 'same' } : { q: `q${callIndex}-${index}`, n: random.int(3) };
    // Ids are unique across the whole sequence, as a real API's are (a fork's model is a new one) — unless reused.
    content.push({ type: 'tool_use', id: reuseIds ? `call_${index}` : `toolu_${ids()}`, name, input });
  }
  if (kind === 5) {
    // The last call's JSON is cut short by max_tokens (or broken): half-open block, verbatim parts.
    const parts: ModelStreamPart[] = [{ type: 'response-start', id: `msg_${callIndex}` }, ...toParts(content)];
    const lastStart = parts.findLastIndex((part) => part.type === 'tool-use-start');
    const cut = parts.slice(0, lastStart + 1 + random.int(2));
    cut.push({
      type: 'tool-input-delta',
      index: content.length - 1,
      partialJson: random.pick(['{"q": "tr', '{,}', '{"q":1,}']),
    });
    if (random.chance(0.5)) cut.push({ type: 'block-end', index: content.length - 1 });
    cut.push({
      type: 'response-end',
      stopReason: random.pick(['max_tokens', 'tool_use'] as const),
      usage: { inputTokens: 5, outputTokens: 5 },
    });
    return { parts: cut };
  }
  return { content };
}

interface Played {
  events: RunEvent[];
  result?: RunResult;
  /** Set when the page "went away" while paused: the log up to (and with) that pause. */
  reloadedAt?: RunEvent[];
}

/**
 * Resolves once every pending microtask has run (the caller gives it: `setImmediate` in Node); a stall is
 * when nothing moved across one of these. Injected so this module stays free of timers.
 */
export type Settle = () => Promise<void>;

/** Plays one run to its end (or to a reload at a pause), answering pauses and breaking stalls. */
async function play(
  settle: Settle,
  streams: { main: Random; compaction: Random },
  options: Omit<RunOptions, 'debug' | 'signal' | 'environment'>,
  environment: FakeEnvironment,
  policy: DebugPolicy,
  cancelAtEvent: number,
  steps: string[],
): Promise<Played> {
  const controller = new AbortController();
  const events: RunEvent[] = [];
  // Compaction pauses answer from their own stream, so the other draws stay as they were.
  const { main, compaction: forCompaction } = streams;
  let pending: { point: PausePoint; resolve: (decision: PauseDecision) => void } | undefined;
  let reloadedAt: RunEvent[] | undefined;
  const handle = runToolLoop({
    ...options,
    environment,
    signal: controller.signal,
    debug: {
      getPolicy: () => policy,
      pauseGate: (point) => new Promise<PauseDecision>((resolve) => (pending = { point, resolve })),
      validateInput: (_schema, input) => (typeof input['q'] === 'number' ? 'q must be a string' : undefined),
    },
  });
  let ended = false;
  const drain = (async () => {
    for await (const event of handle.events) {
      events.push(event);
      if (events.length === cancelAtEvent) {
        steps.push(`cancel at event ${cancelAtEvent} (${event.type})`);
        controller.abort();
      }
    }
  })();
  const result = handle.result.then(async (value) => {
    await drain;
    ended = true;
    return value;
  });
  let seen = -1;
  while (!ended) {
    await settle();
    if (ended) break;
    if (pending !== undefined) {
      const { point, resolve } = pending;
      pending = undefined;
      const decision = randomDecision(point.kind === 'before-compaction' ? forCompaction : main, point);
      steps.push(`pause ${point.kind}: ${typeof decision === 'string' ? decision : decision.type}`);
      if (decision === 'reload') {
        reloadedAt = [...events];
        controller.abort();
      } else if (decision === 'cancel') controller.abort();
      else {
        if (point.kind !== 'before-compaction' && main.chance(0.2))
          policy.mode = main.pick(['run', 'step', 'next-round'] as const);
        resolve(decision);
      }
      continue;
    }
    if (events.length !== seen) {
      seen = events.length;
      continue;
    }
    // Nothing moved: a hanging tool or model. Let time pass (timeouts fire), else the person presses Stop.
    if (environment.pendingTimers() > 0) {
      steps.push('clock +60 s');
      environment.advance(60_000);
    } else {
      steps.push('stall: cancel');
      controller.abort();
    }
  }
  const value = await result;
  return { events, result: value, ...(reloadedAt === undefined ? {} : { reloadedAt }) };
}

function check(label: string, played: Played, problems: string[]): void {
  if (played.result === undefined) return;
  for (const problem of findRunProblems(played.events, played.result)) problems.push(`${label}: ${problem}`);
}

/** Runs one seeded sequence: a first run, then a fork, a reload (cut anywhere) or a resume at a held pause. */
export async function runFuzzSequence(seed: number, settle: Settle): Promise<FuzzOutcome> {
  const random = createRandom(seed);
  const steps: string[] = [];
  const problems: string[] = [];
  const tools = createTools(random);
  let nextToolId = 0;
  const replies = (_request: unknown, callIndex: number) => randomReply(random, callIndex, () => (nextToolId += 1));
  // Compaction draws from its own stream, so the seeds found before it still replay the same sequences.
  const compaction = randomCompaction(createRandom(seed ^ 0x5eed));
  // So is the debugger at a compaction (a breakpoint in half the sequences that compact, and the answers there).
  const atCompaction = createRandom(seed ^ 0xc0de);
  const compactionBreakpoint = compaction.policies.compaction !== undefined && atCompaction.chance(0.5);
  const streams = { main: random, compaction: atCompaction };
  const base = {
    tools,
    maxRounds: 1 + random.int(4),
    toolTimeoutMs: 5_000,
    policies: { ...randomPolicies(random), ...compaction.policies },
    ...compaction.sized,
  };
  if (compaction.policies.compaction)
    steps.push(
      `compaction ${JSON.stringify(compaction.policies.compaction)}, context ${compaction.sized.contextWindow ?? 'none'}`,
    );
  const environment = createFakeEnvironment();
  const model = createScriptedModel(replies);
  const drawn = randomPolicy(random);
  const policy: DebugPolicy = compactionBreakpoint
    ? { ...drawn, breakpoints: [...drawn.breakpoints, { id: 'bc', enabled: true, kind: 'compaction' }] }
    : drawn;
  const cancelAt = random.chance(0.3) ? 1 + random.int(40) : -1;
  const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Start.' }] };
  const first = await play(
    settle,
    streams,
    { ...base, model, history: [], userMessage, runId: 'run-1' },
    environment,
    policy,
    cancelAt,
    steps,
  );
  const compactions = first.events.filter((event) => event.type === 'history-compact').length;
  const compactionAttempts = first.events.filter(
    (event) => event.type === 'policy-act' && event.policy === 'compaction',
  ).length;
  steps.push(
    `first run: ${first.result?.finishReason ?? '?'} after ${first.events.length} events, ${compactions} compactions`,
  );
  check('first run', first, problems);

  // A reload while paused: the same run goes on from its stored log, held at the same pause.
  if (first.reloadedAt !== undefined && first.reloadedAt.some((event) => event.type === 'pause-start')) {
    const stored = first.reloadedAt;
    const resumed = await play(
      settle,
      streams,
      { ...base, model: createScriptedModel(replies), history: [], resume: { events: stored } },
      createFakeEnvironment(2_000_000),
      { ...policy, mode: 'step' },
      -1,
      steps,
    );
    steps.push(`resumed: ${resumed.result?.finishReason ?? '?'}`);
    check('resumed run', { ...resumed, events: [...stored, ...resumed.events] }, problems);
  }

  const rounds = first.events.filter((event) => event.type === 'round-start').length;
  const next = random.int(3);
  if (next === 0 && rounds > 0) {
    // A fork from a random round, as the worker starts one: its last message goes in as the new one.
    const round = 1 + random.int(rounds);
    const { messages } = forkHistory(first.events, round);
    steps.push(`fork at round ${round} (${messages.length} messages)`);
    const forkProblems = findHistoryProblems(repairHistory(messages).messages);
    problems.push(...forkProblems.map((problem) => `fork history: ${problem}`));
    if (messages.length > 0) {
      const last = messages.at(-1)!;
      const fork = await play(
        settle,
        streams,
        {
          ...base,
          model: createScriptedModel(replies),
          history: messages.slice(0, -1),
          userMessage: last,
          runId: 'fork',
        },
        createFakeEnvironment(),
        randomPolicy(random),
        -1,
        steps,
      );
      check('fork', fork, problems);
    }
  } else if (next === 1 && first.events.length > 0) {
    // A reload at any point: the stored prefix folds and repairs into a history the next run can go on from.
    const cut = random.int(first.events.length + 1);
    const history = repairHistory(foldHistory(first.events.slice(0, cut))).messages;
    steps.push(`reload after event ${cut} (${history.length} messages)`);
    problems.push(...findHistoryProblems(history).map((problem) => `reloaded history: ${problem}`));
    const goOn = await play(
      settle,
      streams,
      {
        ...base,
        model: createScriptedModel(replies),
        history,
        userMessage: { role: 'user', content: [{ type: 'text', text: 'Go on.' }] },
        runId: 'continued',
      },
      createFakeEnvironment(),
      randomPolicy(random),
      -1,
      steps,
    );
    check('continued run', goOn, problems);
  }
  return { seed, steps, problems, compactions, compactionAttempts };
}

// Benchmark (not a test): bytes the worker posts to the UI for a live run and for an import, against the
// transcript's own bytes (the one full record), at 50, 200 and 2,000 rounds. Real parts: the engine host,
// the demo MCP server over HTTP and the mock Messages API over SSE (the model asks for a tool every round).
// The import is the reply to `transcript-import` and the view the worker then sends the UI (`run-view`).
// Run: npm run bench:traffic
import { startMockMessagesApi } from '../e2e/fixtures/mock-messages-api';
import { startDemoServer } from '../server/demo-server';
import { connectMcpServer } from '../src/mcp/connection/connect-mcp-server';
import { PROTOCOL_VERSION, type Command, type WorkerMessage } from '../src/protocol/messages';
import { createEngineHost } from '../src/worker/create-engine-host';
import { createModel, listModels } from '../src/worker/create-model';
import { createRunEnvironment } from '../src/worker/create-run-environment';
import { createRunEventsReader } from '../src/protocol/run-event-codec';
import { createWirePoster } from '../src/worker/create-wire-poster';
import { printTable } from './bench/print-table';

const API_KEY = 'sk-ant-bench-key';
const sizes = (process.env.BENCH_ROUNDS ?? '50,200,2000').split(',').map(Number);
const [demo, api] = await Promise.all([startDemoServer(), startMockMessagesApi({ apiKey: API_KEY })]);
await fetch(`${api.url}/__mock/default`, { method: 'POST', body: JSON.stringify({ mode: 'tools-forever' }) });

/** Bytes of a posted message: its JSON (what structured clone copies is of the same order). */
const bytesOf = (message: unknown) => Buffer.byteLength(JSON.stringify(message));

interface Tally {
  messages: number;
  bytes: number;
}

function createCountingHost() {
  let tally: Tally = { messages: 0, bytes: 0 };
  const waiters = new Set<(message: WorkerMessage) => void>();
  const replies = new Map<string, (message: WorkerMessage) => void>();
  const read = createRunEventsReader();
  const deliver = (message: WorkerMessage) => {
    if (message.type === 'reply') replies.get(message.requestId)?.(message);
    for (const wake of waiters) wake(message);
  };
  // What crosses postMessage: the worker entry's wire poster (batches per frame, in the wire form).
  const wire = createWirePoster((message) => {
    tally.messages += 1;
    tally.bytes += bytesOf(message);
    if (message.type !== 'run-events') return deliver(message);
    for (const event of read(message)) deliver({ v: PROTOCOL_VERSION, type: 'run-event', runId: message.runId, event });
  });
  const host = createEngineHost({
    post: (message) => wire.post(message),
    environment: createRunEnvironment(),
    connectServer: (config) => connectMcpServer(config),
    createModel,
    listModels,
    appVersion: '0.0.0-bench',
  });
  let next = 0;
  const send = async (command: Command): Promise<unknown> => {
    const requestId = `b${next++}`;
    const answer = new Promise<WorkerMessage>((resolve) => replies.set(requestId, resolve));
    await host.handle({ v: PROTOCOL_VERSION, requestId, command });
    const reply = await answer;
    if (reply.type !== 'reply' || !reply.ok) throw new Error(reply.type === 'reply' ? String(reply.error) : 'no reply');
    return reply.value;
  };
  const until = (match: (message: WorkerMessage) => boolean) =>
    new Promise<void>((resolve) => {
      const wake = (message: WorkerMessage) => {
        if (!match(message)) return;
        waiters.delete(wake);
        resolve();
      };
      waiters.add(wake);
    });
  const reset = () => {
    const before = tally;
    tally = { messages: 0, bytes: 0 };
    return before;
  };
  return { host, send, until, reset };
}

const rows: string[][] = [];
for (const rounds of sizes) {
  const live = createCountingHost();
  const connected = live.until((m) => m.type === 'server-state' && m.state.status === 'connected');
  await live.send({
    type: 'server-add',
    server: { id: 's1', name: 'demo', url: demo.url, headers: {}, includeInstructions: false },
  });
  await connected;
  live.reset();
  const runId = `live-${rounds}`;
  const ended = live.until((m) => m.type === 'run-event' && m.runId === runId && m.event.type === 'run-end');
  const started = performance.now();
  await live.send({
    type: 'run-start',
    runId,
    message: 'Weather in Rome, again and again.',
    settings: {
      provider: { kind: 'anthropic', apiKey: API_KEY, baseUrl: api.url, model: 'claude-haiku-4-5' },
      system: 'Be brief.',
      maxRounds: rounds,
      maxTokens: 1024,
      policies: { loopGuardRepeats: 0, duplicates: 'off' },
    },
  });
  await ended;
  const seconds = (performance.now() - started) / 1000;
  const run = live.reset();
  const transcript = JSON.stringify(await live.send({ type: 'transcript-export', runId }));
  live.reset();

  const importer = createCountingHost();
  const importId = `import-${rounds}`;
  const reply = (await importer.send({ type: 'transcript-import', runId: importId, text: transcript })) as {
    eventCount: number;
  };
  // The worker then sends the run as its view, in parts, as session-import-actions asks for it.
  const viewed = (await importer.send({ type: 'run-view', runId: importId, viewId: 'bench' })) as {
    eventCount: number;
  };
  if (viewed.eventCount !== reply.eventCount) throw new Error('the view is not the imported run');
  const imported = importer.reset();
  await Promise.all([live.host.dispose(), importer.host.dispose()]);

  const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KB`;
  const tBytes = Buffer.byteLength(transcript);
  rows.push([
    String(rounds),
    kb(tBytes),
    `${kb(run.bytes)} in ${run.messages} msgs`,
    `${(run.bytes / tBytes).toFixed(2)}×`,
    `${kb(imported.bytes)} in ${imported.messages} msgs`,
    `${(imported.bytes / tBytes).toFixed(2)}×`,
    `${seconds.toFixed(1)} s`,
  ]);
}
await Promise.all([demo.close(), api.close()]);

const header = ['rounds', 'transcript', 'live run: worker → UI', 'ratio', 'import: worker → UI', 'ratio', 'run time'];
printTable(header, rows);
console.info('\nGoal (issue 16): live run ≤ 1.5× the transcript at 200 rounds.');

// Every block of the API's own survives stream → run → next request → transcript → import, byte for byte, over
// real HTTP against the mock Messages API (which speaks them as the real API does).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  startMockMessagesApi,
  type MockMessagesApi,
  type MockMessageReply,
} from '../../e2e/fixtures/mock-messages-api';
import { isMockServerBlock, serverBlockAsJson } from '../../e2e/fixtures/mock-server-blocks';
import {
  codeExecutionWithProgrammaticCall,
  compactionReply,
  contextManagementReply,
  mcpConnectorReply,
  toolSearchReply,
  unknownBlockReply,
  webFetchReply,
  webSearchWithPauseTurn,
} from '../../e2e/fixtures/mock-server-tool-replies';
import type { Message } from '../engine/message/message';
import { findHistoryProblems } from '../engine/message/find-history-problems';
import { runToolLoop } from '../engine/run/run-tool-loop';
import { collectRun } from '../engine/testing/collect-run';
import { createInMemoryTool } from '../engine/testing/in-memory-tool';
import { buildTranscript, type TranscriptMeta } from '../engine/transcript/build-transcript';
import { foldHistory } from '../engine/transcript/fold-history';
import { importTranscript } from '../engine/transcript/import-transcript';
import { transcriptToEvents } from '../engine/transcript/transcript-to-events';
import { createAnthropicModel } from '../providers/anthropic/create-anthropic-model';
import { checkTranscriptSchema } from './check-transcript-schema';
import { createRunEnvironment } from './create-run-environment';

const meta: TranscriptMeta = {
  createdAt: '2026-12-04T00:00:00.000Z',
  app: { name: 'Loupe', version: '0.1.0' },
  settings: { provider: 'anthropic', model: 'claude-sonnet-4-5', maxRounds: 10, maxTokens: 1024 },
  servers: [],
};

let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

const calc = createInMemoryTool({ name: 'calc', run: () => 'tool answered' });
const thanks: MockMessageReply = { content: [{ type: 'text', text: 'You are welcome.' }] };

/** The blocks the API returned that Loupe must keep, each as the JSON the API's non-streaming response holds. */
function expectedBlocks(replies: readonly MockMessageReply[]): string[] {
  return replies.flatMap((reply) =>
    reply.content.flatMap((block) => {
      if (isMockServerBlock(block)) return [JSON.stringify(serverBlockAsJson(block))];
      if (block.type === 'text' && block.citations !== undefined) return [JSON.stringify(block)];
      if (block.type === 'tool_use' && block.caller !== undefined) return [JSON.stringify(block)];
      return [];
    }),
  );
}

async function run(history: Message[], text: string) {
  const model = createAnthropicModel({ apiKey: 'k', baseUrl: api.url, model: 'claude-sonnet-4-5', maxRetries: 0 });
  const handle = runToolLoop({
    model,
    tools: [calc],
    history,
    userMessage: { role: 'user', content: [{ type: 'text', text }] },
    environment: createRunEnvironment(),
  });
  return collectRun(handle);
}

/** Every block of `body.messages` as JSON text, in order. */
function sentBlocks(index: number): string[] {
  const body = api.requests.filter((request) => request.path === '/v1/messages')[index]?.body as {
    messages: { content: unknown[] }[];
  };
  return body.messages.flatMap((message) => message.content.map((block) => JSON.stringify(block)));
}

const scenarios: [string, () => MockMessageReply[]][] = [
  ['web search with pause_turn and citations', webSearchWithPauseTurn],
  ['web fetch', () => [webFetchReply()]],
  ['code execution with a call made from code', () => codeExecutionWithProgrammaticCall('calc', { x: 2 })],
  ['tool search', () => [toolSearchReply('weather', ['demo__weather_get', 'demo__clothing_advise'])]],
  ['MCP connector', () => [mcpConnectorReply('docs')]],
  ['compaction', () => [compactionReply()]],
  ['a block type Loupe does not know', () => [unknownBlockReply()]],
];

describe('blocks of the API’s own, round trip', () => {
  it.each(scenarios)(
    '%s: kept byte for byte in the run, the next request, the transcript and its import',
    async (_, make) => {
      const replies = make();
      const expected = expectedBlocks(replies);
      expect(expected.length).toBeGreaterThan(0);
      api.enqueue(...replies, thanks);
      const first = await run([], 'Go.');
      expect(first.result.finishReason).toBe('end_turn');
      const history = foldHistory(first.events);
      expect(findHistoryProblems(history)).toEqual([]);
      const kept = history.flatMap((message) =>
        message.content.flatMap((block) => {
          if (block.type === 'api_block') return [JSON.stringify(block.block)];
          if (block.type === 'text' && block.citations !== undefined) return [JSON.stringify(block)];
          if (block.type === 'tool_use' && block.caller !== undefined) return [JSON.stringify(block)];
          return [];
        }),
      );
      expect(kept).toEqual(expected);

      // The next request of a new turn carries them exactly as the API sent them.
      const requestsBefore = api.requests.filter((request) => request.path === '/v1/messages').length;
      const second = await run(history, 'Thanks.');
      expect(second.result.finishReason).toBe('end_turn');
      const sent = sentBlocks(requestsBefore);
      for (const block of expected) expect(sent).toContain(block);

      // Transcript → JSON → import → the history it gives back sends the same bytes again.
      const file = JSON.stringify(buildTranscript(second.events, meta));
      const imported = importTranscript(file, checkTranscriptSchema);
      if (!imported.ok) throw new Error(JSON.stringify(imported.problems));
      expect(imported.changes).toEqual([]);
      const restored = foldHistory(transcriptToEvents(imported.transcript));
      const third = await run(restored, 'Once more.');
      expect(third.result.finishReason).toBe('end_turn');
      const again = sentBlocks(requestsBefore + 1);
      for (const block of expected) expect(again).toContain(block);
      // The same history again (the last user block differs only by its cache breakpoint, which moves on).
      expect(again.slice(0, sent.length - 1)).toEqual(sent.slice(0, -1));
    },
  );
});

describe('pause_turn, server tool usage and context management', () => {
  it('continues a pause_turn at once with the paused content sent back verbatim, and counts the searches', async () => {
    const replies = webSearchWithPauseTurn();
    api.enqueue(...replies);
    const { events, result } = await run([], 'Weather in Lisbon?');
    expect(result.finishReason).toBe('end_turn');
    const continuation = api.requests.filter((request) => request.path === '/v1/messages')[1]?.body as {
      messages: { role: string; content: unknown[] }[];
    };
    const last = continuation.messages.at(-1);
    expect(last?.role).toBe('assistant');
    expect(last?.content.map((block) => JSON.stringify(block))).toEqual([
      JSON.stringify({ type: 'text', text: 'Let me search for that.' }),
      ...expectedBlocks([replies[0]!]),
    ]);
    const ends = events.filter((event) => event.type === 'response-end');
    expect(ends.map((end) => end.stopReason)).toEqual(['pause_turn', 'end_turn']);
    expect(ends.map((end) => end.usage.serverToolRequests)).toEqual([
      { web_search_requests: 1 },
      { web_search_requests: 1 },
    ]);
    expect(result.usage.serverToolRequests).toEqual({ web_search_requests: 2 });
  });

  it('records the context-management edits the API applied, in the event and the transcript', async () => {
    const reply = contextManagementReply();
    api.enqueue(reply);
    const { events } = await run([], 'Go.');
    const end = events.find((event) => event.type === 'response-end');
    expect(end?.contextManagement).toEqual(reply.context_management);
    const transcript = buildTranscript(events, meta);
    expect(transcript.rounds[0]?.response?.contextManagement).toEqual(reply.context_management);
    const imported = importTranscript(JSON.stringify(transcript), checkTranscriptSchema);
    if (!imported.ok) throw new Error('import failed');
    const replayed = transcriptToEvents(imported.transcript).find((event) => event.type === 'response-end');
    expect(replayed?.contextManagement).toEqual(reply.context_management);
  });
});

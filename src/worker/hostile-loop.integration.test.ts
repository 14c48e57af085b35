// The loop against a hostile MCP server and stalling model APIs over real HTTP: every bound ends in a status.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { startMockOpenAIApi, type MockOpenAIApi } from '../../e2e/fixtures/mock-openai-api';
import { startHostileServer } from '../../test/servers/hostile-server';
import type { ContentBlock, Message, ToolResultBlock } from '../engine/message/message';
import type { Model } from '../engine/model/model';
import type { RunOptions } from '../engine/run/run-options';
import { runToolLoop } from '../engine/run/run-tool-loop';
import { collectRun } from '../engine/testing/collect-run';
import { filterEvents } from '../engine/testing/filter-events';
import { findRunProblems } from '../engine/testing/find-run-problems';
import { createScriptedModel, type ScriptedReply } from '../engine/testing/scripted-model';
import { connectMcpServer } from '../mcp/connection/connect-mcp-server';
import { mcpToolKey } from '../protocol/tool-settings';
import { createAnthropicModel } from '../providers/anthropic/create-anthropic-model';
import { createOpenAICompatibleModel } from '../providers/openai-compatible/create-openai-compatible-model';
import { applyToolSelection } from './apply-tool-selection';
import { createRunEnvironment } from './create-run-environment';
import { useConnectedServer } from '../../test/support/mcp-connection-kit';

const use = (id: string, name: string): ContentBlock => ({ type: 'tool_use', id, name, input: {} });
const userMessage: Message = { role: 'user', content: [{ type: 'text', text: 'Go.' }] };
const done: ScriptedReply = { content: [{ type: 'text', text: 'Done.' }] };

describe('the loop against a hostile MCP server', () => {
  const connected = useConnectedServer(() => startHostileServer({ port: 0 }), { id: 'h', name: 'hostile' });

  const run = (replies: ScriptedReply[], extra: Partial<RunOptions> = {}) => {
    const model = createScriptedModel(replies);
    const handle = runToolLoop({
      model,
      tools: connected.connection.tools,
      history: [],
      userMessage,
      environment: createRunEnvironment(),
      ...extra,
    });
    return { model, collected: collectRun(handle) };
  };

  it('delivers the good parts of hostile results, and no request carries what the API would refuse', async () => {
    const { model, collected } = run([
      {
        content: [
          use('a', 'hostile__bad_base64'),
          use('b', 'hostile__huge_image'),
          use('c', 'hostile__unknown_parts'),
          use('d', 'hostile__good'),
        ],
      },
      done,
    ]);
    const { events, result } = await collected;
    expect(result.finishReason).toBe('end_turn');
    expect(filterEvents(events, 'tool-call-end').map((end) => end.status)).toEqual(['ok', 'ok', 'ok', 'ok']);
    const results = model.requests[1]?.messages.at(-1)?.content as ToolResultBlock[];
    const texts = results.flatMap((block) =>
      block.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])),
    );
    for (const good of ['Before the bad image.', 'After the bad image.', 'After the huge image.', 'Known part two.'])
      expect(texts).toContain(good);
    expect(texts).toContain('The good part: all is well.');
    const images = results.flatMap((block) => block.content.filter((part) => part.type === 'image'));
    expect(images).toHaveLength(1);
    expect(JSON.stringify(model.requests[1]).length).toBeLessThan(100_000);
    expect(findRunProblems(events, result)).toEqual([]);
  });

  it('endless progress ends at the max total time; the server hears the cancellation', async () => {
    const before = connected.server.probe.cancelledCalls;
    const { collected } = run([{ content: [use('p', 'hostile__endless_progress')] }, done], {
      policies: { toolTimeoutMs: 400, toolMaxTotalMs: 1_500 },
    });
    const { events, result } = await collected;
    const [end] = filterEvents(events, 'tool-call-end');
    expect(end).toMatchObject({ status: 'timeout', timeout: { ms: 1_500, source: 'max-total' } });
    expect(filterEvents(events, 'tool-call-progress').length).toBeGreaterThanOrEqual(3);
    expect(result.finishReason).toBe('end_turn');
    await expect.poll(() => connected.server.probe.cancelledCalls).toBe(before + 1);
  });

  it('timeouts come from the tool, the server or the run, and say which', async () => {
    const timed = await connectMcpServer({
      id: 'h2',
      name: 'hostile',
      url: connected.server.url,
      headers: {},
      toolTimeoutMs: 300,
    });
    try {
      const { tools } = applyToolSelection(
        timed.tools.filter(
          (tool) => tool.name === 'hostile__never_answers' || tool.name === 'hostile__endless_progress',
        ),
        {
          // Progress comes every 100 ms and resets the 800 ms tool limit, so only the run's 1600 ms cap
          // ends the call; the wide gaps keep a loaded machine's late ticks from tripping the tool limit.
          overrides: { [mcpToolKey('hostile', 'endless_progress')]: { timeoutMs: 800 } },
          disabled: [],
          localTools: [],
        },
        () => {
          throw new Error('no local tools here');
        },
      );
      const handle = runToolLoop({
        model: createScriptedModel([
          { content: [use('n', 'hostile__never_answers'), use('p', 'hostile__endless_progress')] },
          done,
        ]),
        tools,
        history: [],
        userMessage,
        environment: createRunEnvironment(),
        policies: { toolMaxTotalMs: 1600 },
      });
      const { events } = await collectRun(handle);
      const starts = new Map(filterEvents(events, 'tool-call-start').map((event) => [event.callId, event.timeout]));
      expect(starts.get('n')).toEqual({ ms: 300, source: 'server' });
      expect(starts.get('p')).toEqual({ ms: 800, source: 'tool' });
      const ends = new Map(filterEvents(events, 'tool-call-end').map((event) => [event.callId, event]));
      expect(ends.get('n')?.content).toEqual([{ type: 'text', text: 'Tool timed out after 300 ms (server limit)' }]);
      expect(ends.get('p')?.timeout?.source).toBe('max-total');
    } finally {
      await timed.close();
    }
  });

  it('the wall time stops a call that never answers, mid-call', async () => {
    const { model, collected } = run([{ content: [use('n', 'hostile__never_answers')] }, done], {
      policies: { limits: { wallTimeMs: 700 } },
    });
    const { events, result } = await collected;
    expect(filterEvents(events, 'tool-call-end')[0]).toMatchObject({
      status: 'timeout',
      timeout: { source: 'wall-time' },
    });
    expect(result.finishReason).toBe('limit:wall-time');
    expect(model.requests).toHaveLength(2);
    expect(findRunProblems(events, result)).toEqual([]);
  });
});

describe('model streams that go silent', () => {
  let anthropic: MockMessagesApi;
  let openai: MockOpenAIApi;
  beforeAll(async () => {
    anthropic = await startMockMessagesApi({ apiKey: 'k' });
    openai = await startMockOpenAIApi({ apiKey: 'k' });
  });
  afterAll(async () => {
    await anthropic.close();
    await openai.close();
  });

  const runSilent = async (model: Model) => {
    const handle = runToolLoop({
      model,
      tools: [],
      history: [],
      userMessage,
      environment: createRunEnvironment(),
      policies: { modelIdleTimeoutMs: 1_000 },
    });
    return collectRun(handle);
  };

  it('an Anthropic stream with no event for the idle timeout ends the run with a plain error', async () => {
    anthropic.enqueue({ content: [{ type: 'text', text: 'Slow.' }], eventDelayMs: 4_000 });
    const { events, result } = await runSilent(
      createAnthropicModel({ apiKey: 'k', baseUrl: anthropic.url, model: 'claude-haiku-4-5', maxRetries: 0 }),
    );
    expect(result.finishReason).toBe('error');
    expect(filterEvents(events, 'run-end')[0]?.error?.message).toMatch(/^The model sent nothing for 1 s/);
  });

  it('an OpenAI-compatible stream with no chunk for the idle timeout ends the run with a plain error', async () => {
    openai.enqueue({ content: 'Slow.', eventDelayMs: 4_000 });
    const { events, result } = await runSilent(
      createOpenAICompatibleModel({ apiKey: 'k', baseUrl: openai.url, model: 'gpt-4o-mini', maxRetries: 0 }),
    );
    expect(result.finishReason).toBe('error');
    expect(filterEvents(events, 'run-end')[0]?.error?.message).toMatch(/^The model sent nothing for 1 s/);
  });
});

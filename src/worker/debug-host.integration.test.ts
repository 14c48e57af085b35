// The debugger through the worker host in Node: real demo MCP server, the real Anthropic SDK against the
// mock Messages API, and the manual model — commands in, protocol messages out.
import { readFileSync } from 'node:fs';
import { Validator } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import type { PausePoint } from '../engine/debug/pause-point';
import type { MessagesSoFar } from '../engine/debug/messages-so-far';
import type { Message } from '../engine/message/message';
import type { Transcript } from '../engine/transcript/transcript';
import { DEFAULT_DEBUG_SETTINGS, type BranchInfo } from '../protocol/debug-messages';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness } from './testing/create-host-harness';
import { useDemoAndMockApi } from '../../test/support/demo-stack';

const API_KEY = 'sk-ant-debug-key';
const stack = useDemoAndMockApi(API_KEY);

async function createHarness() {
  const { host, messages, send, waitFor, runEvents: events } = createHostHarness();
  const pauses = (runId: string) => events(runId).filter((event) => event.type === 'pause-start');
  const waitPause = async (runId: string, count: number) => {
    await waitFor(() => (pauses(runId).length >= count ? true : undefined));
    return (await send({ type: 'pause-inspect', runId })) as PausePoint;
  };
  const waitEnd = (runId: string) => waitFor(() => events(runId).find((event) => event.type === 'run-end'));
  await send({
    type: 'server-add',
    server: { id: 's1', name: 'demo', url: stack.demo.url, headers: {}, includeInstructions: true },
  });
  await waitFor((all) => all.find((m) => m.type === 'server-state' && m.state.status === 'connected'));
  return { host, messages, send, waitFor, events, waitPause, waitEnd };
}

const anthropic = (): RunSettings => ({
  provider: { kind: 'anthropic', apiKey: API_KEY, baseUrl: stack.api.url, model: 'claude-haiku-4-5' },
  system: 'Be brief.',
  maxRounds: 5,
  maxTokens: 1024,
  debug: { ...DEFAULT_DEBUG_SETTINGS, stepMode: true },
});

describe('the debugger in the worker', () => {
  it('holds the request until stepped, counts its tokens, validates and applies an input edit', async () => {
    const h = await createHarness();
    stack.api.reset();
    await h.send({ type: 'run-start', runId: 'd1', settings: anthropic(), message: 'What to wear in Rome?' });
    const first = await h.waitPause('d1', 1);
    expect(first).toMatchObject({ kind: 'before-request', round: 1 });
    expect(stack.api.requests.filter((request) => request.path === '/v1/messages')).toHaveLength(0);
    if (first.kind !== 'before-request') throw new Error(first.kind);
    const counted = (await h.send({ type: 'tokens-count', runId: 'd1', request: first.request })) as {
      inputTokens: number;
    };
    expect(counted.inputTokens).toBeGreaterThan(0);

    // Continue with a breakpoint on the weather tool only.
    await h.send({
      type: 'debug-set',
      settings: {
        ...DEFAULT_DEBUG_SETTINGS,
        breakpoints: [{ id: 'b', enabled: true, kind: 'tool', toolName: 'demo__weather_get' }],
      },
    });
    await h.send({
      type: 'pause-resolve',
      runId: 'd1',
      pauseId: first.pauseId,
      decision: { type: 'continue' },
      then: 'run',
    });
    const beforeTool = await h.waitPause('d1', 2);
    expect(beforeTool).toMatchObject({ kind: 'before-tool', name: 'demo__weather_get' });
    // Messages so far: the question and the reply with its call, whose result is still to come.
    const soFar = (await h.send({ type: 'messages-so-far', runId: 'd1' })) as MessagesSoFar;
    expect(soFar.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(soFar).toMatchObject({ pendingCalls: 1, compacted: false, fullCount: 2 });
    await expect(h.send({ type: 'messages-so-far', runId: 'nope' })).rejects.toThrow('No run with id nope');
    await expect(
      h.send({
        type: 'pause-resolve',
        runId: 'd1',
        pauseId: beforeTool.pauseId,
        decision: { type: 'edit-input', input: { town: 1 } },
      }),
    ).rejects.toThrow(/schema/);
    await h.send({
      type: 'pause-resolve',
      runId: 'd1',
      pauseId: beforeTool.pauseId,
      decision: { type: 'edit-input', input: { city: 'Oslo' } },
    });
    await expect(
      h.send({ type: 'pause-resolve', runId: 'd1', pauseId: beforeTool.pauseId, decision: { type: 'continue' } }),
    ).rejects.toThrow(/pause is over/);
    expect(await h.waitEnd('d1')).toMatchObject({ finishReason: 'end_turn' });
    const start = h.events('d1').find((event) => event.type === 'tool-call-start');
    expect(start).toMatchObject({ input: { city: 'Oslo' } });
    expect(JSON.stringify(stack.api.requests.at(-1)?.body)).toContain('Oslo');
    await h.host.dispose();
  });

  it('forks from round 1 into a second branch; the original stays and the transcript lists both', async () => {
    const h = await createHarness();
    const settings = { ...anthropic(), debug: DEFAULT_DEBUG_SETTINGS };
    await h.send({ type: 'run-start', runId: 'o1', settings, message: 'What to wear in Rome?' });
    await h.waitEnd('o1');
    const original = JSON.stringify(h.events('o1'));
    const ended = (await h.send({ type: 'messages-so-far', runId: 'o1' })) as MessagesSoFar;
    const exported = (await h.send({ type: 'transcript-export', runId: 'o1' })) as Transcript;
    expect(ended.messages).toEqual(exported.messages);
    const prefix = (await h.send({ type: 'fork-history', runId: 'o1', round: 1 })) as Message[];
    expect(prefix).toHaveLength(1);
    const edited: Message[] = [{ role: 'user', content: [{ type: 'text', text: 'What to wear in Oslo?' }] }];
    const info = (await h.send({
      type: 'run-fork',
      runId: 'o1',
      newRunId: 'f1',
      round: 1,
      name: 'Oslo',
      settings,
      messages: edited,
    })) as BranchInfo;
    expect(info).toEqual({ runId: 'f1', name: 'Oslo', parentRunId: 'o1', forkRound: 1 });
    expect(await h.waitEnd('f1')).toMatchObject({ finishReason: 'end_turn' });
    expect(JSON.stringify(h.events('o1'))).toBe(original);
    const transcript = (await h.send({ type: 'transcript-export', runId: 'f1' })) as Transcript;
    expect(transcript.messages[0]).toEqual(edited[0]);
    expect(transcript.branches).toMatchObject([{ runId: 'o1', name: 'Original', parentRunId: null }]);
    const schema = JSON.parse(readFileSync('docs/transcript.schema.json', 'utf8')) as Record<string, unknown>;
    expect(new Validator(schema, '2020-12', false).validate(transcript).errors).toEqual([]);
    await h.host.dispose();
  });

  it('an exported fork imports into a fresh worker with its family; branches-restore makes export list them again', async () => {
    const h = await createHarness();
    const settings = { ...anthropic(), debug: DEFAULT_DEBUG_SETTINGS };
    await h.send({ type: 'run-start', runId: 'o1', settings, message: 'What to wear in Rome?' });
    await h.waitEnd('o1');
    await h.send({ type: 'run-fork', runId: 'o1', newRunId: 'f1', round: 1, name: 'Again', settings });
    await h.waitEnd('f1');
    const exported = (await h.send({ type: 'transcript-export', runId: 'f1' })) as Transcript;
    // The fork says which branch it is: its name, its parent and the round it was forked at.
    expect(exported.branch).toEqual({ name: 'Again', parentRunId: 'o1', forkRound: 1 });
    await h.host.dispose();

    const fresh = await createHarness();
    const imported = (await fresh.send({ type: 'transcript-import', runId: 'n', text: JSON.stringify(exported) })) as {
      family: BranchInfo[];
    };
    expect(imported.family).toEqual([
      { runId: 'n', name: 'Again', parentRunId: 'n~1', forkRound: 1 },
      { runId: 'n~1', name: 'Original', parentRunId: null, forkRound: null },
    ]);
    await fresh.send({ type: 'branches-restore', branches: imported.family });
    const again = (await fresh.send({ type: 'transcript-export', runId: 'n~1' })) as Transcript;
    expect(again.branches).toMatchObject([{ runId: 'n', name: 'Again', parentRunId: 'n~1', forkRound: 1 }]);
    expect(again.branch).toEqual({ name: 'Original', parentRunId: null, forkRound: null });
    const info = (await fresh.send({
      type: 'run-fork',
      runId: 'n~1',
      newRunId: 'f2',
      round: 1,
      name: '',
      settings,
    })) as BranchInfo;
    expect(info).toMatchObject({ parentRunId: 'n~1', forkRound: 1 });
    await fresh.waitEnd('f2');
    await fresh.host.dispose();
  });

  it('runs the real loop with the manual model: the person writes the tool call and the answer', async () => {
    const h = await createHarness();
    const settings: RunSettings = { provider: { kind: 'manual' }, system: '', maxRounds: 5, maxTokens: 1024 };
    await h.send({ type: 'run-start', runId: 'm1', settings, message: 'Weather in Paris?' });
    const turn = await h.waitFor((all) => all.find((m) => m.type === 'manual-turn' && m.runId === 'm1'));
    if (turn.type !== 'manual-turn') throw new Error(turn.type);
    expect(turn.tools.map((tool) => tool.name)).toContain('demo__weather_get');
    await expect(
      h.send({
        type: 'manual-reply',
        runId: 'm1',
        turnId: turn.turnId,
        content: [{ type: 'tool_use', name: 'nope', input: {} }],
      }),
    ).rejects.toThrow(/not one of the run's tools/);
    await h.send({
      type: 'manual-reply',
      runId: 'm1',
      turnId: turn.turnId,
      content: [{ type: 'tool_use', name: 'demo__weather_get', input: { city: 'Paris' } }],
    });
    const second = await h.waitFor((all) => all.filter((m) => m.type === 'manual-turn' && m.runId === 'm1')[1]);
    if (second.type !== 'manual-turn') throw new Error(second.type);
    await h.send({
      type: 'manual-reply',
      runId: 'm1',
      turnId: second.turnId,
      content: [{ type: 'text', text: 'Sunny.' }],
    });
    expect(await h.waitEnd('m1')).toMatchObject({ finishReason: 'end_turn' });
    const end = h.events('m1').find((event) => event.type === 'tool-call-end');
    expect(end).toMatchObject({ name: 'demo__weather_get', status: 'ok' });
    await h.host.dispose();
  });
});

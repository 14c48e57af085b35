import { describe, expect, it } from 'vitest';
import type { PausePoint } from '../../engine/debug/pause-point';
import type { RunEvent } from '../../engine/event/run-event';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import { createLoupeStore } from '../create-loupe-store';
import { connectServers } from '../testing/connect-servers';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';

const point: PausePoint = {
  kind: 'before-tool',
  round: 1,
  callId: 'c1',
  name: 'demo__weather_get',
  input: { city: 'Paris' },
  pauseId: 'p1',
  reasons: [{ kind: 'step' }],
};

function setup(handlers: ConstructorParameters<typeof FakeEngineClient>[0] = {}) {
  const client = new FakeEngineClient({ 'pause-inspect': () => point, ...handlers });
  let nextId = 1;
  const storage = new MemoryStorage();
  const store = createLoupeStore(client, {
    demoServerUrl: 'http://localhost:3001/mcp',
    storage,
    scheduleFrame: (flush) => flush(),
    createId: () => `id-${nextId++}`,
  });
  connectServers(store, client);
  return { store, client, storage };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const runStart = (runId: string): RunEvent => ({
  type: 'run-start',
  at: 1,
  runId,
  tools: [],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Hi' }] }],
  maxRounds: 10,
});

async function startPausedRun(setupResult: ReturnType<typeof setup>) {
  const { store, client } = setupResult;
  await store.getState().run();
  const runId = store.getState().runView.runId ?? '';
  client.emitRunEvent(runId, runStart(runId));
  client.emitRunEvent(runId, {
    type: 'round-start',
    at: 2,
    round: 1,
    request: { model: 'm', provider: 'p', toolNames: [], messageCount: 1, maxTokens: 10 },
  });
  client.emitRunEvent(runId, {
    type: 'pause-start',
    at: 3,
    pauseId: 'p1',
    round: 1,
    pause: { kind: 'before-tool', round: 1 },
    reasons: [{ kind: 'step' }],
  });
  await settle();
  return runId;
}

describe('the debugger slice', () => {
  it('asks the worker for the shown run’s messages so far; a refusal rejects with the reason, no run with a sentence', async () => {
    const soFar = { messages: [], pendingCalls: 1, compacted: false, fullCount: 2 };
    let refuse = false;
    const s = setup({
      'messages-so-far': () => {
        if (refuse) throw new Error('No run with id x in this session.');
        return soFar;
      },
    });
    await expect(s.store.getState().loadMessagesSoFar()).rejects.toThrow('There is no run yet.');
    const runId = await startPausedRun(s);
    await expect(s.store.getState().loadMessagesSoFar()).resolves.toEqual(soFar);
    expect(s.client.sent('messages-so-far')).toEqual([{ type: 'messages-so-far', runId }]);
    refuse = true;
    await expect(s.store.getState().loadMessagesSoFar()).rejects.toThrow('No run with id x in this session.');
  });

  it('tells the worker the remembered settings, and persists changes', () => {
    const { store, client, storage } = setup();
    expect(client.sent('debug-set')).toHaveLength(1);
    store.getState().setStepMode(true);
    store.getState().updateDebugSettings({ breakpoints: [{ id: 'b', enabled: true, kind: 'round', round: 2 }] });
    expect(client.sent('debug-set').at(-1)?.settings).toMatchObject({ stepMode: true, breakpoints: [{ id: 'b' }] });
    const again = createLoupeStore(new FakeEngineClient(), { demoServerUrl: 'x', storage, scheduleFrame: (f) => f() });
    expect(again.getState().debug.settings.stepMode).toBe(true);
    expect(again.getState().debug.settings.breakpoints).toHaveLength(1);
  });

  it('fetches the pending pause on pause-start and answers it with Step, sending the draft edit', async () => {
    const s = setup();
    const runId = await startPausedRun(s);
    expect(s.store.getState().debug.pending).toEqual(point);
    expect(s.store.getState().runView.pause?.pauseId).toBe('p1');
    s.store.getState().setDraft({ decision: { type: 'edit-input', input: { city: 'Oslo' } }, problems: [] });
    await s.store.getState().step();
    expect(s.client.sent('pause-resolve').at(-1)).toEqual({
      type: 'pause-resolve',
      runId,
      pauseId: 'p1',
      decision: { type: 'edit-input', input: { city: 'Oslo' } },
      then: 'step',
    });
    expect(s.store.getState().debug.pending).toBeNull();
  });

  it('refuses to send a draft with problems and shows why; a worker refusal is shown too', async () => {
    const s = setup({
      'pause-inspect': () => point,
      'pause-resolve': () => {
        throw new Error('The edited input does not match the tool schema');
      },
    });
    await startPausedRun(s);
    s.store.getState().setDraft({ decision: { type: 'edit-input', input: {} }, problems: ['city is required'] });
    await s.store.getState().continueDebugRun();
    expect(s.client.sent('pause-resolve')).toHaveLength(0);
    expect(s.store.getState().debug.error).toContain('city is required');
    s.store.getState().setDraft(null);
    await s.store.getState().continueDebugRun();
    expect(s.store.getState().debug.error).toContain('does not match');
    expect(s.store.getState().debug.pending).toEqual(point);
  });

  it('a Step pressed before the pause details arrived is not lost', async () => {
    const s = setup();
    await s.store.getState().run();
    const runId = s.store.getState().runView.runId ?? '';
    s.client.emitRunEvent(runId, runStart(runId));
    s.client.emitRunEvent(runId, {
      type: 'pause-start',
      at: 3,
      pauseId: 'p1',
      round: 1,
      pause: { kind: 'before-tool', round: 1 },
      reasons: [{ kind: 'step' }],
    });
    s.store.setState((state) => ({ debug: { ...state.debug, pending: null } }));
    await s.store.getState().step();
    expect(s.client.sent('pause-resolve').at(-1)).toMatchObject({ pauseId: 'p1', decision: { type: 'continue' } });
  });

  it('Pause while running sets step mode on the run', async () => {
    const s = setup();
    await s.store.getState().run();
    await s.store.getState().pauseRun();
    expect(s.client.sent('run-mode').at(-1)).toMatchObject({ mode: 'step' });
  });

  it('forks: a second branch runs while the first is kept and can be switched back to', async () => {
    const s = setup({
      'run-fork': (command) => ({
        runId: command.newRunId,
        name: command.name,
        parentRunId: command.runId,
        forkRound: command.round,
      }),
    });
    await s.store.getState().run();
    const original = s.store.getState().runView.runId ?? '';
    s.client.emitRunEvent(original, runStart(original));
    s.client.emitRunEvent(original, {
      type: 'run-end',
      at: 9,
      finishReason: 'end_turn',
      usage: { inputTokens: 1, outputTokens: 1 },
    });
    expect(await s.store.getState().forkFrom(1, 'Try Oslo')).toBe(true);
    const fork = s.store.getState().runView.runId ?? '';
    expect(fork).not.toBe(original);
    expect(s.client.sent('run-fork').at(-1)).toMatchObject({
      runId: original,
      newRunId: fork,
      round: 1,
      name: 'Try Oslo',
    });
    expect(s.store.getState().debug.branches.map((branch) => branch.name)).toEqual(['Original', 'Try Oslo']);
    s.client.emitRunEvent(fork, runStart(fork));
    expect(s.store.getState().debug.branches).toHaveLength(2);
    s.store.getState().switchBranch(original);
    expect(s.store.getState().runView).toMatchObject({ runId: original, finishReason: 'end_turn' });
    s.store.getState().switchBranch(fork);
    expect(s.store.getState().runView.runId).toBe(fork);
  });

  it('keeps the manual model turn until the reply is sent', async () => {
    const s = setup();
    s.client.emit({ v: PROTOCOL_VERSION, type: 'manual-turn', runId: 'r', turnId: 't', tools: [] });
    expect(s.store.getState().debug.manualTurn).toMatchObject({ turnId: 't' });
    expect(await s.store.getState().sendManualReply([{ type: 'text', text: 'Hello' }])).toBe(true);
    expect(s.client.sent('manual-reply').at(-1)).toMatchObject({ runId: 'r', turnId: 't' });
    expect(s.store.getState().debug.manualTurn).toBeNull();
  });
});

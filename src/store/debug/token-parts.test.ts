import { describe, expect, it } from 'vitest';
import type { PausePoint } from '../../engine/debug/pause-point';
import type { ModelRequest } from '../../engine/model/model';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import { createLoupeStore } from '../create-loupe-store';
import { connectServers } from '../testing/connect-servers';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { MemoryStorage } from '../testing/memory-storage';
import { partRequests, partsFrom } from './token-parts';

const request: ModelRequest = {
  system: 'Be brief.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Weather in Paris?' }] }],
  tools: [{ name: 'weather', description: 'Weather by city', input_schema: { type: 'object' } }],
  toolChoice: { type: 'auto' },
  maxTokens: 100,
};

describe('token counts per part', () => {
  it('counts the request whole, without tools (nor tool_choice), and without the system prompt too', () => {
    const [whole, withoutTools, bare] = partRequests(request);
    expect(whole).toBe(request);
    expect(withoutTools).toEqual({ system: 'Be brief.', messages: request.messages, tools: [], maxTokens: 100 });
    expect('toolChoice' in withoutTools).toBe(false);
    expect(bare).toEqual({ messages: request.messages, tools: [], maxTokens: 100 });
    expect('system' in bare).toBe(false);
  });

  it('parts are the differences, never negative when a provider rounds', () => {
    expect(partsFrom([1500, 400, 350])).toEqual({ system: 50, tools: 1100, history: 350 });
    expect(partsFrom([100, 120, 130])).toEqual({ system: 0, tools: 0, history: 130 });
  });

  it('the pause panel counts the whole request at the pause, per part on demand, and the edit as shown', async () => {
    const point: PausePoint = { kind: 'before-request', round: 1, request, pauseId: 'p1', reasons: [{ kind: 'step' }] };
    const asked: ModelRequest[] = [];
    const client = new FakeEngineClient({
      'pause-inspect': () => point,
      'tokens-count': (command) => {
        asked.push(command.request);
        const size = command.request.tools.length > 0 ? 1500 : command.request.system === undefined ? 350 : 400;
        return { inputTokens: size };
      },
    });
    const store = createLoupeStore(client, {
      demoServerUrl: 'http://localhost:3001/mcp',
      storage: new MemoryStorage(),
      scheduleFrame: (flush) => flush(),
      createId: () => 'run-1',
    });
    connectServers(store, client);
    await store.getState().run();
    const runId = store.getState().runView.runId ?? '';
    client.emit({
      v: PROTOCOL_VERSION,
      type: 'run-event',
      runId,
      event: { type: 'run-start', at: 1, runId, tools: [], messages: request.messages, maxRounds: 10 },
    });
    client.emitRunEvent(runId, {
      type: 'pause-start',
      at: 2,
      pauseId: 'p1',
      round: 1,
      pause: { kind: 'before-request', round: 1 },
      reasons: [{ kind: 'step' }],
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    // At the pause the whole request is counted once, without blocking anything.
    expect(asked).toHaveLength(1);
    expect(store.getState().debug.tokens).toEqual({ status: 'counted', inputTokens: 1500 });
    await store.getState().countTokens(true);
    expect(asked).toHaveLength(4);
    expect(store.getState().debug.tokens).toEqual({
      status: 'counted',
      inputTokens: 1500,
      parts: { system: 50, tools: 1100, history: 350 },
    });
    // An edit in the panel is what is counted.
    store
      .getState()
      .setDraft({ decision: { type: 'edit-request', patch: { system: 'Be very brief.' } }, problems: [] });
    await store.getState().countTokens();
    expect(asked.at(-1)?.system).toBe('Be very brief.');
  });
});

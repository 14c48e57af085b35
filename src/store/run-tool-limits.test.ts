import { describe, expect, it } from 'vitest';
import { FakeEngineClient } from './testing/fake-engine-client';
import { createTestStore } from './testing/create-test-store';

/** The demo server (id-1) connected with `count` tools, the OpenAI-compatible provider chosen. */
function setup(count: number) {
  const client = new FakeEngineClient();
  const store = createTestStore(client);
  const tools = Array.from({ length: count }, (_, index) => ({
    exposedName: `many__tool_${String(index).padStart(3, '0')}`,
    originalName: `tool_${String(index).padStart(3, '0')}`,
    description: 'A tool',
    inputSchema: { type: 'object' },
    readOnly: true,
  }));
  client.emitServerState({ serverId: 'id-1', status: 'connected', tools });
  store.getState().updateSettings({ draft: 'Go.', provider: 'openai-compatible' });
  return { store, client };
}

describe('Run with a tool list the provider would refuse', () => {
  it('sends nothing, keeps the shown run, and says so; with the fix applied the next Run goes', async () => {
    const { store, client } = setup(150);
    const before = store.getState().runView;
    await store.getState().run();
    expect(client.sent('run-start')).toEqual([]);
    expect(store.getState().runRefusedForToolLimits).toBe(true);
    expect(store.getState().runView).toBe(before);

    // The one-click fix of the Tools tab: switch off the tools past the first 128.
    const { findRunToolProblems } = await import('./tools/find-run-tool-problems');
    const [problem] = findRunToolProblems(store.getState());
    expect(problem).toMatchObject({ id: 'count', fix: 'Send only the first 128' });
    for (const key of problem?.keys ?? []) store.getState().setToolEnabled(key, false);
    expect(findRunToolProblems(store.getState())).toEqual([]);

    await store.getState().run();
    expect(client.sent('run-start')).toHaveLength(1);
    expect(store.getState().runRefusedForToolLimits).toBe(false);
  });

  it('lets a list within the limits run at once', async () => {
    const { store, client } = setup(128);
    await store.getState().run();
    expect(client.sent('run-start')).toHaveLength(1);
    expect(store.getState().runRefusedForToolLimits).toBe(false);
  });
});

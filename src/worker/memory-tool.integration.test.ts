// The memory tool end to end in the worker's host: the API's memory calls (mock Messages API over HTTP) run against
// the memory store, the request carries the API's own definition only, and the Memory tab's commands see the files.
import 'fake-indexeddb/auto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../../e2e/fixtures/mock-messages-api';
import { defaultApiToolSettings } from '../shared/api-tool-settings';
import type { RunSettings } from '../protocol/settings';
import { createHostHarness } from './testing/create-host-harness';
import { createIndexedDbMemoryStore } from './indexed-db-memory-store';

let api: MockMessagesApi;
beforeAll(async () => {
  api = await startMockMessagesApi();
});
afterEach(() => api.reset());
afterAll(() => api.close());

function settings(scope: string): RunSettings {
  return {
    provider: {
      kind: 'anthropic',
      apiKey: 'k',
      baseUrl: api.url,
      model: 'claude-sonnet-4-5',
      apiTools: { ...defaultApiToolSettings, memory: { enabled: true, scope } },
    },
    system: '',
    maxRounds: 5,
    maxTokens: 256,
  };
}

const memoryCall = (id: string, input: Record<string, unknown>) => ({
  content: [{ type: 'tool_use' as const, id, name: 'memory', input }],
  stop_reason: 'tool_use' as const,
});

describe('the memory tool in the loop', () => {
  it("runs the model's calls on the store, refuses a traversal, and the tab's commands see the result", async () => {
    const store = createIndexedDbMemoryStore(indexedDB);
    const harness = createHostHarness({ memoryStore: store });
    api.enqueue(memoryCall('toolu_m1', { command: 'create', path: '/memories/prefs.md', file_text: 'likes tea' }));
    api.enqueue(memoryCall('toolu_m2', { command: 'view', path: '/memories/../../etc/passwd' }));
    api.enqueue({ content: [{ type: 'text', text: 'Noted.' }] });
    await harness.send({ type: 'run-start', runId: 'm-1', settings: settings('session:s1'), message: 'I like tea' });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'run-event' && m.runId === 'm-1' && m.event.type === 'run-end'),
    );

    const bodies = api.requests.filter((r) => r.path === '/v1/messages').map((r) => r.body as Record<string, unknown>);
    expect(bodies).toHaveLength(3);
    // The API's own definition, never a second client tool of the same name.
    expect(bodies[0]?.['tools']).toEqual([
      { type: 'memory_20250818', name: 'memory', cache_control: { type: 'ephemeral' } },
    ]);
    const results = JSON.stringify(bodies[2]?.['messages']);
    expect(results).toContain('File created successfully at: /memories/prefs.md');
    expect(results).toContain('is outside /memories');

    expect(harness.messages).toContainEqual({ v: 1, type: 'memory-changed', scope: 'session:s1' });
    expect(await harness.send({ type: 'memory-read', scope: 'session:s1' })).toEqual([
      { path: '/memories/prefs.md', content: 'likes tea' },
    ]);
    // Another memory is another set of files; the stored one outlives the host (a reload).
    expect(await harness.send({ type: 'memory-read', scope: 'named:team' })).toEqual([]);
    const after = createHostHarness({ memoryStore: createIndexedDbMemoryStore(indexedDB) });
    expect(await after.send({ type: 'memory-read', scope: 'session:s1' })).toHaveLength(1);
    await harness.host.dispose();
    await after.host.dispose();
  });

  it("the tab's edits follow the model's rules: a path outside /memories is refused and nothing is written", async () => {
    const harness = createHostHarness();
    await expect(
      harness.send({ type: 'memory-write', scope: 's', path: '/memories/%2e%2e/x', content: 'x' }),
    ).rejects.toThrow(/outside|not allowed|refused|Error/);
    await expect(harness.send({ type: 'memory-write', scope: 's', path: '/tmp/x', content: 'x' })).rejects.toThrow();
    await harness.send({ type: 'memory-write', scope: 's', path: '/memories/a.md', content: 'one' });
    await harness.send({ type: 'memory-write', scope: 's', path: '/memories/a.md', content: 'two' });
    expect(await harness.send({ type: 'memory-read', scope: 's' })).toEqual([
      { path: '/memories/a.md', content: 'two' },
    ]);
    expect(await harness.send({ type: 'memory-clear', scope: 's' })).toEqual([]);
    await harness.host.dispose();
  });

  it('sends no memory tool and adds none to the run when Memory is off', async () => {
    const harness = createHostHarness();
    api.enqueue({ content: [{ type: 'text', text: 'Hi.' }] });
    const off = settings('s');
    if (off.provider.kind === 'anthropic')
      off.provider.apiTools = {
        ...defaultApiToolSettings,
        webSearch: { enabled: true, allowedDomains: [], blockedDomains: [] },
      };
    await harness.send({ type: 'run-start', runId: 'm-2', settings: off, message: 'hi' });
    await harness.waitFor((messages) =>
      messages.find((m) => m.type === 'run-event' && m.runId === 'm-2' && m.event.type === 'run-end'),
    );
    const start = harness.runEvents('m-2').find((event) => event.type === 'run-start');
    expect(start?.type === 'run-start' && start.tools.map((tool) => tool.name)).toEqual([]);
    await harness.host.dispose();
  });
});

// @vitest-environment happy-dom
// The loaded model's facts: the chat template with its tool track, and Unload model, which waits while a run may be
// sampling from the model.
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import type { InBrowserModelInfo } from '../../../protocol/in-browser-messages';
import { createLoupeStore } from '../../../store/create-loupe-store';
import { LoupeStoreProvider } from '../../../store/loupe-store-provider';
import type { RunView } from '../../../store/run-view';
import { FakeEngineClient } from '../../../store/testing/fake-engine-client';
import { MemoryStorage } from '../../../store/testing/memory-storage';
import { useReactRoot } from '../../../../test/support/react-root';
import { ModelLoadStatus } from './model-load-status';

const mounted = useReactRoot();

const info: InBrowserModelInfo = {
  name: 'qwen.gguf',
  sizeBytes: 400,
  contextLength: 4096,
  trainedContextLength: 32768,
  chatFormat: 'chatml',
  toolCallDialect: 'hermes',
  threads: 1,
};

function setUp(phase: RunView['phase']) {
  const client = new FakeEngineClient();
  const store = createLoupeStore(client, {
    demoServerUrl: 'http://127.0.0.1:3001/mcp',
    storage: new MemoryStorage(),
    scheduleFrame: (flush) => flush(),
  });
  store.setState((state) => ({ inBrowser: { loaded: info }, runView: { ...state.runView, phase } }));
  act(() =>
    mounted.root.render(createElement(LoupeStoreProvider, { store, children: createElement(ModelLoadStatus) })),
  );
  const button = [...mounted.container.querySelectorAll('button')].find((each) => each.textContent === 'Unload model');
  return { client, store, button };
}

describe('the loaded model', () => {
  it('says its tool track, and Unload model frees it in the worker', async () => {
    const { client, store, button } = setUp('ended');
    expect(mounted.container.textContent).toContain("chatml · tool calls in the model's own format (hermes)");
    expect(button?.disabled).toBe(false);
    await act(async () => {
      button?.click();
      await Promise.resolve();
    });
    expect(client.sent('in-browser-unload')).toHaveLength(1);
    expect(store.getState().inBrowser.loaded).toBeUndefined();
    expect(mounted.container.textContent).not.toContain('qwen.gguf');
  });

  it('waits while a run goes', () => {
    expect(setUp('running').button?.disabled).toBe(true);
  });
});

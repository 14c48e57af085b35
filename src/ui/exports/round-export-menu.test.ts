// @vitest-environment happy-dom
// A round's export view stays open when its card is mounted again (as a run settles: the virtualised list, the
// card's lazily loaded chunk), per run and round: another round, or another run, does not show it.
import { act, createElement } from 'react';
import { createRoot } from 'react-dom/client';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SentRequest } from '../../engine/model/sent-request';
import type { LoupeStore } from '../../store/create-loupe-store';
import { LoupeStoreProvider } from '../../store/loupe-store-provider';
import type { RoundView } from '../../store/run-view';
import { FakeEngineClient } from '../../store/testing/fake-engine-client';
import { createTestStore } from '../../store/testing/create-test-store';
import { useReactRoot } from '../../../test/support/react-root';
import { forgetKeptRoundExports } from './kept-round-exports';
import { RoundExportMenu } from './round-export-menu';

const mounted = useReactRoot();

const sent: SentRequest = {
  method: 'POST',
  url: 'https://api.anthropic.com/v1/messages',
  headers: { 'anthropic-version': '2023-06-01' },
  auth: { header: 'x-api-key' },
  body: { model: 'claude-sonnet-4-5', max_tokens: 100, messages: [{ role: 'user', content: 'Hi' }], stream: true },
  response: { status: 200, requestId: 'req_1' },
};

function roundView(round: number): RoundView {
  const request = { model: 'claude-sonnet-4-5', provider: 'anthropic', toolNames: [], messageCount: 1, maxTokens: 100 };
  return {
    round,
    blocks: [],
    toolCalls: [],
    notices: [],
    request,
    sent,
    stopReason: 'end_turn',
  } as unknown as RoundView;
}

function createStore(runId: string): LoupeStore {
  const store = createTestStore(new FakeEngineClient(), { scheduleFrame: (flush) => flush() });
  store.setState((state) => ({
    runView: { ...state.runView, runId, phase: 'ended', rounds: [roundView(1), roundView(2)] },
  }));
  return store;
}

/** Mounts the menus of rounds 1 and 2 on a fresh root: nothing of the last mount's React state is left. */
function mountMenus(store: LoupeStore): void {
  act(() => mounted.root.unmount());
  mounted.root = createRoot(mounted.container);
  const menus = [1, 2].map((round) => createElement(RoundExportMenu, { key: round, round }));
  act(() => mounted.root.render(createElement(LoupeStoreProvider, { store, children: menus })));
}

const button = (name: string): HTMLButtonElement => {
  const found = [...mounted.container.querySelectorAll('button')].find((each) => each.textContent === name);
  if (!found) throw new Error(`No button named ${name}: ${mounted.container.innerHTML.slice(0, 400)}`);
  return found;
};

const view = (round: number, format: string) =>
  mounted.container.querySelector(`[aria-label="Round ${round} as ${format}"]`);

async function press(name: string): Promise<void> {
  await act(async () => {
    button(name).click();
    // The builders load as their own chunk at the first export: let it arrive.
    await vi.dynamicImportSettled();
  });
}

beforeEach(() => {
  forgetKeptRoundExports();
});

describe('a round export view', () => {
  it('is still open, with the same format, when its card is mounted again', async () => {
    const store = createStore('run-1');
    mountMenus(store);
    await press('curl');
    expect(view(1, 'curl')?.textContent).toContain('https://api.anthropic.com/v1/messages');

    mountMenus(store);
    expect(view(1, 'curl')?.textContent).toContain('https://api.anthropic.com/v1/messages');
    expect(view(2, 'curl')).toBeNull();
    expect(mounted.container.querySelectorAll('pre')).toHaveLength(1);
  });

  it('stays closed after Hide when mounted again', async () => {
    const store = createStore('run-1');
    mountMenus(store);
    await press('JSON');
    expect(view(1, 'JSON')).not.toBeNull();
    await press('Hide');
    mountMenus(store);
    expect(mounted.container.querySelector('pre')).toBeNull();
  });

  it('is not open in another run, nor back in the first once another run opened one', async () => {
    mountMenus(createStore('run-1'));
    await press('curl');
    mountMenus(createStore('run-2'));
    expect(mounted.container.querySelector('pre')).toBeNull();
    await press('JSON');
    mountMenus(createStore('run-1'));
    expect(mounted.container.querySelector('pre')).toBeNull();
  });
});

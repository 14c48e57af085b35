// @vitest-environment happy-dom
// The result-mode choice at a pause after a tool result holds when the panel renders again with a new pause
// object for the same call (as it may while the pause settles), whether or not the pause id changed.
import { act, createElement } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { PausePoint } from '../../engine/debug/pause-point';
import { createLoupeStore, type LoupeStore } from '../../store/create-loupe-store';
import { LoupeStoreProvider } from '../../store/loupe-store-provider';
import type { RoundView } from '../../store/run-view';
import { FakeEngineClient } from '../../store/testing/fake-engine-client';
import { MemoryStorage } from '../../store/testing/memory-storage';
import { PausePanel } from './pause-panel';
import { forgetKeptValues } from './use-kept-state';
import { useReactRoot } from '../../../test/support/react-root';

// Monaco needs a real browser: a plain text area with the same name stands in (the editor's own tests cover it).
vi.mock('../json-editor/json-editor', () => ({
  JsonEditor: (props: { ariaLabel: string; value: string }) =>
    createElement('textarea', { 'aria-label': props.ariaLabel, value: props.value, readOnly: true }),
}));

type AfterTool = Extract<PausePoint, { kind: 'after-tool' }>;

const afterTool = (pauseId: string): AfterTool => ({
  kind: 'after-tool',
  round: 1,
  callId: 'call-1',
  name: 'demo__weather_get',
  input: { city: 'Oslo' },
  status: 'ok',
  isError: false,
  content: [{ type: 'text', text: '{"city":"Oslo","temperatureC":-5}' }],
  pauseId,
  reasons: [{ kind: 'step' }],
});

function createStore(runId: string): LoupeStore {
  const store = createLoupeStore(new FakeEngineClient(), {
    demoServerUrl: 'http://127.0.0.1:3001/mcp',
    storage: new MemoryStorage(),
    scheduleFrame: (flush) => flush(),
    createId: () => 'id',
  });
  const call = { callId: 'call-1', name: 'demo__weather_get', status: 'ok' as const, partialJson: '', isError: false };
  const round = { ...emptyRound(), toolCalls: [{ ...call, content: [] }] };
  store.setState((state) => ({ runView: { ...state.runView, runId, phase: 'running', rounds: [round] } }));
  return store;
}

/** The smallest round view that holds one call (the panel only needs the call's card to exist). */
function emptyRound() {
  return { round: 1, blocks: [], toolCalls: [], notices: [] } as unknown as RoundView;
}

const mounted = useReactRoot();

beforeEach(() => {
  forgetKeptValues();
});

async function hold(store: LoupeStore, point: PausePoint): Promise<void> {
  await act(async () => {
    store.setState((state) => ({ debug: { ...state.debug, pending: point } }));
    // The panel's body loads as its own chunk: let it arrive.
    await vi.dynamicImportSettled();
  });
}

const radio = (name: string): HTMLInputElement => {
  const label = [...mounted.container.querySelectorAll('label')].find((each) => each.textContent === name);
  const input = label?.querySelector('input');
  if (!input) throw new Error(`No radio named ${name}: ${mounted.container.innerHTML.slice(0, 400)}`);
  return input;
};

async function render(store: LoupeStore, first: PausePoint): Promise<void> {
  await act(async () => {
    // Each call's card has its slot; the pause shows in the one of the call it holds.
    const slots = ['call-1', 'call-2'].map((callId) => createElement(PausePanel, { key: callId, slot: { callId } }));
    mounted.root.render(createElement(LoupeStoreProvider, { store, children: slots }));
    await vi.dynamicImportSettled();
  });
  await hold(store, first);
}

describe('the pause panel after a tool result', () => {
  it('opens a JSON text result as its JSON value', async () => {
    const store = createStore('run-1');
    await render(store, afterTool('pause-1'));
    expect(radio('JSON value').checked).toBe(true);
    expect(mounted.container.querySelector('[aria-label="Tool result JSON"]')).not.toBeNull();
  });

  it.each([
    ['the same pause id', 'pause-1'],
    ['a new pause id', 'pause-2'],
  ])('keeps "Raw content blocks" through a new pause object for the same call (%s)', async (_, nextId) => {
    const store = createStore('run-1');
    await render(store, afterTool('pause-1'));
    act(() => radio('Raw content blocks').click());
    expect(radio('Raw content blocks').checked).toBe(true);

    await hold(store, afterTool(nextId));
    expect(radio('Raw content blocks').checked).toBe(true);
    expect(radio('JSON value').checked).toBe(false);
    expect(mounted.container.querySelector('[aria-label="Tool result"]')).not.toBeNull();
    expect(mounted.container.querySelector('[aria-label="Tool result JSON"]')).toBeNull();
  });

  it('starts from the JSON value again for another call, and for the same call id in another run', async () => {
    const store = createStore('run-1');
    await render(store, afterTool('pause-1'));
    act(() => radio('Raw content blocks').click());

    await hold(store, { ...afterTool('pause-2'), callId: 'call-2' });
    expect(radio('JSON value').checked).toBe(true);

    await hold(store, afterTool('pause-3'));
    act(() => radio('Raw content blocks').click());
    await act(async () => {
      store.setState((state) => ({ runView: { ...state.runView, runId: 'run-2' } }));
      await vi.dynamicImportSettled();
    });
    await hold(store, afterTool('pause-4'));
    expect(radio('JSON value').checked).toBe(true);
  });
});

// @vitest-environment happy-dom
// Retry round on a failed round forks from that round (the engine's run-fork) and names the branch; a round
// that was answered has no such button, and while a run goes the button waits.
import { act, createElement } from 'react';
import { describe, expect, it } from 'vitest';
import { createLoupeStore, type LoupeStore } from '../../store/create-loupe-store';
import { LoupeStoreProvider } from '../../store/loupe-store-provider';
import type { RoundView, RunView } from '../../store/run-view';
import { FakeEngineClient } from '../../store/testing/fake-engine-client';
import { MemoryStorage } from '../../store/testing/memory-storage';
import { useReactRoot } from '../../../test/support/react-root';
import { RetryRoundButton } from './retry-round-button';

const mounted = useReactRoot();

function setUp(round: Partial<RoundView>, phase: RunView['phase']) {
  const client = new FakeEngineClient({
    'run-fork': (command) => ({
      runId: command.newRunId,
      name: command.name,
      parentRunId: command.runId,
      forkRound: command.round,
    }),
  });
  const store: LoupeStore = createLoupeStore(client, {
    demoServerUrl: 'http://127.0.0.1:3001/mcp',
    storage: new MemoryStorage(),
    scheduleFrame: (flush) => flush(),
    createId: () => 'retry-run',
  });
  const view = { round: 2, blocks: [], toolCalls: [], notices: [], interrupted: false, ...round } as RoundView;
  store.setState((state) => ({ runView: { ...state.runView, runId: 'run-1', phase, rounds: [view] } }));
  act(() =>
    mounted.root.render(
      createElement(LoupeStoreProvider, { store, children: createElement(RetryRoundButton, { round: view }) }),
    ),
  );
  const button = [...mounted.container.querySelectorAll('button')].find((each) => each.textContent === 'Retry round');
  return { client, button };
}

describe('Retry round', () => {
  it('forks a failed round from its own request, as a branch named after it', async () => {
    const { client, button } = setUp({ endedWith: 'error', blocks: [] }, 'ended');
    expect(button).toBeDefined();
    await act(async () => {
      button?.click();
      await Promise.resolve();
    });
    expect(client.sent('run-fork')).toMatchObject([
      { runId: 'run-1', newRunId: 'retry-run', round: 2, name: 'Retry of round 2' },
    ]);
    expect(client.sent('run-fork')[0]).not.toHaveProperty('messages');
  });

  it('is not offered on a round that was answered, nor on one a stop cut short', () => {
    expect(setUp({ stopReason: 'end_turn' }, 'ended').button).toBeUndefined();
    act(() => mounted.root.render(null));
    expect(setUp({ endedWith: 'aborted' }, 'ended').button).toBeUndefined();
  });

  it('waits while a run goes', () => {
    expect(setUp({ endedWith: 'error' }, 'running').button?.disabled).toBe(true);
  });
});

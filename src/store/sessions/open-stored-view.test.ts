// The page's side of a stored run's view: it keeps only the parts of the open it waits on, in order, and waits for
// the tail it was handed to be shown before the open resolves.
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../../engine/event/run-event';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import type { SessionOpenResult } from '../../protocol/session-open-messages';
import type { StoredRunViewMessage } from '../../protocol/stored-run-view-messages';
import { FakeEngineClient } from '../testing/fake-engine-client';
import { openStoredView } from './open-stored-view';
import type { SessionsContext } from './sessions-context';

const event = (round: number): RunEvent =>
  ({ type: 'round-start', at: round, round, request: { model: 'm', messageCount: 1, maxTokens: 1 } }) as RunEvent;
const ended: SessionOpenResult = {
  state: 'ended',
  heldPause: false,
  importSettled: false,
  interrupted: false,
  closingEvents: [],
  history: [],
  changes: [],
};

/** A page whose worker answers `session-open` after posting `parts(viewId)`. */
function page(parts: (viewId: string) => StoredRunViewMessage[]) {
  const client = new FakeEngineClient();
  client.rewire(() => ({
    'session-open': (command) => {
      for (const part of parts(command.viewId ?? '')) client.emit({ ...part, v: PROTOCOL_VERSION });
      return ended;
    },
  }));
  let id = 0;
  const context = { deps: { client, createId: () => `view-${++id}` }, loadedRuns: new Set<string>() };
  return { client, context: context as unknown as SessionsContext };
}

const log = (viewId: string, from: number, events: RunEvent[], runId = 'r'): StoredRunViewMessage => ({
  type: 'stored-run-view',
  viewId,
  runId,
  part: 'log',
  from,
  events,
});

describe('a stored run opened with its view', () => {
  it('keeps the parts of its own open, in order, and drops a stale stream and another run’s parts', async () => {
    const { client, context } = page((viewId) => [
      log('view-0', 0, [event(9)]),
      log(viewId, 0, [event(1)], 'other'),
      log(viewId, 0, [event(1), event(2)]),
      log(viewId, 2, [event(3)]),
    ]);
    const opened = await openStoredView(context, 's', 'r', 'show');
    expect(opened.events).toEqual([event(1), event(2), event(3)]);
    expect(opened.state).toBe('ended');
    expect(client.sent('session-open')[0]).toMatchObject({ runId: 'r', mode: 'show', viewId: 'view-1' });
    expect(context.loadedRuns.has('r')).toBe(true);
  });

  it('fails rather than show a log with a gap or a part sent twice', async () => {
    const gap = page((viewId) => [log(viewId, 0, [event(1)]), log(viewId, 2, [event(3)])]);
    await expect(openStoredView(gap.context, 's', 'r', 'show')).rejects.toThrow(/with a gap/);
    const twice = page((viewId) => [log(viewId, 0, [event(1)]), log(viewId, 0, [event(1)])]);
    await expect(openStoredView(twice.context, 's', 'r', 'show')).rejects.toThrow(/with a gap/);
  });

  it('hands the tail over as it comes and resolves once it is shown; no listener is left behind', async () => {
    const { client, context } = page((viewId) => [
      { type: 'stored-run-view', viewId, runId: 'r', part: 'tail', events: [event(3)] },
      log(viewId, 0, [event(1), event(2), event(3)]),
    ]);
    const order: string[] = [];
    let show = () => {};
    const opening = openStoredView(context, 's', 'r', 'show', (tail) => {
      order.push(`tail ${tail.length}`);
      return new Promise<void>((resolve) => (show = resolve));
    }).then((opened) => order.push(`opened ${opened.events.length}`));
    // The reply has come; the open waits for the tail to be shown.
    await Promise.resolve();
    await Promise.resolve();
    expect(order).toEqual(['tail 1']);
    show();
    await opening;
    expect(order).toEqual(['tail 1', 'opened 3']);
    // A late part of that open reaches no one.
    client.emit({ ...log('view-1', 3, [event(4)]), v: PROTOCOL_VERSION });
    expect((client as unknown as { listeners: Set<unknown> }).listeners.size).toBe(0);
  });
});

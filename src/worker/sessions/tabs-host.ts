// The worker's side of tabs on one session: the ownership commands, what it tells other tabs when it writes, and
// what it passes on to its page of what they say.
import type { WorkerMessage } from '../../protocol/messages';
import { PROTOCOL_VERSION } from '../../protocol/messages';
import type { TabCommand } from '../../protocol/tab-messages';
import type { LockManagerLike } from '../../shared/sessions/session-locks';
import type { CommandTable } from '../command-table';
import type { RunLogWriter } from './run-log-writer';
import { createSessionOwnership } from './session-ownership';
import type { SessionStorageCommandType } from './session-storage-host';
import { createTabChannel, type ChannelLike } from './tab-channel';

/** How this worker reaches the other tabs: the browser's Web Locks and a BroadcastChannel (either may be absent). */
export interface TabsOptions {
  locks: LockManagerLike | null;
  channel: ChannelLike | null;
}

export interface TabsHost {
  commands: CommandTable<TabCommand['type']>;
  /** `storage` whose writes of records are told to the other tabs. */
  announceWrites<T extends CommandTable<'session-put' | 'session-delete'>>(storage: T): T;
  /** A checkpoint of a run was stored: read-only tabs on this tab's session read it again. */
  written(): void;
}

export function createTabsHost(
  options: TabsOptions,
  deps: {
    post: (message: WorkerMessage) => void;
    runLog: RunLogWriter;
    storage: CommandTable<SessionStorageCommandType>;
  },
): TabsHost {
  const channel = createTabChannel(options.channel);
  const post = (message: Parameters<typeof deps.post>[0]) => deps.post(message);
  const ownership = createSessionOwnership({
    locks: options.locks,
    channel,
    runLog: deps.runLog,
    changed: (changed) => post({ v: PROTOCOL_VERSION, type: 'session-ownership', ownership: changed }),
  });
  channel.subscribe((message) => {
    if (message.type === 'sessions-changed')
      post({ v: PROTOCOL_VERSION, type: 'tab-notice', notice: { kind: 'sessions-changed' } });
    else if (message.type === 'session-written')
      post({
        v: PROTOCOL_VERSION,
        type: 'tab-notice',
        notice: { kind: 'session-written', sessionId: message.sessionId },
      });
  });
  const changed = (sessionId?: string) => {
    channel.post({ type: 'sessions-changed' });
    if (sessionId !== undefined) channel.post({ type: 'session-written', sessionId });
  };

  return {
    commands: {
      'session-enter': ({ sessionId, tabId }) => ownership.enter(sessionId, tabId),
      'session-take-over': ({ sessionId }) => ownership.takeOver(sessionId),
      async 'session-delete-unless-open'({ record }) {
        const deleted = await ownership.unlessOpenElsewhere(record.id, async () => {
          await deps.storage['session-delete']({ type: 'session-delete', record });
        });
        if (deleted) changed();
        return { deleted };
      },
    },
    announceWrites: (storage) => ({
      ...storage,
      'session-put': async (command) => {
        const result = await storage['session-put'](command);
        changed(command.record.id);
        return result;
      },
      'session-delete': async (command) => {
        const result = await storage['session-delete'](command);
        changed();
        return result;
      },
    }),
    written() {
      const sessionId = ownership.owned();
      if (sessionId !== null) channel.post({ type: 'session-written', sessionId });
    },
  };
}

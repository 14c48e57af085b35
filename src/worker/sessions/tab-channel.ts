// What the workers of a browser's tabs tell each other about sessions, over one BroadcastChannel.

/** What one tab's worker tells the others. */
export type TabMessage =
  /** The list of sessions changed (a session saved, created or deleted). */
  | { type: 'sessions-changed' }
  /** `sessionId`'s record or a checkpoint of its runs was written: read-only tabs showing it read it again. */
  | { type: 'session-written'; sessionId: string }
  /** A former owner stopped writing `sessionId` after a takeover (its last events are stored). */
  | { type: 'session-released'; sessionId: string };

/** The part of `BroadcastChannel` used (a channel never hears what it posts itself). */
export interface ChannelLike {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: unknown }) => void): void;
}

/** The channel every tab of the origin shares. */
export const TAB_CHANNEL_NAME = 'loupe.sessions';

/** Another tab's worker (or an older Loupe) may post anything: only these shapes are heard. */
export function isTabMessage(value: unknown): value is TabMessage {
  if (typeof value !== 'object' || value === null) return false;
  const { type, sessionId } = value as Record<string, unknown>;
  if (type === 'sessions-changed') return true;
  return (type === 'session-written' || type === 'session-released') && typeof sessionId === 'string';
}

export interface TabChannel {
  post(message: TabMessage): void;
  subscribe(listener: (message: TabMessage) => void): () => void;
}

/** `channel` as typed tab messages; `null` (no BroadcastChannel) says nothing and hears nothing. */
export function createTabChannel(channel: ChannelLike | null): TabChannel {
  const listeners = new Set<(message: TabMessage) => void>();
  channel?.addEventListener('message', (event) => {
    if (!isTabMessage(event.data)) return;
    for (const listener of [...listeners]) listener(event.data);
  });
  return {
    post: (message) => channel?.postMessage(message),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

// Tabs of one browser on one session, over the worker ⇄ UI contract: the worker holds the session's Web Lock and
// says whether this tab owns (writes) the session or follows it read-only; the page shows it and asks for changes.
import type { StoredSession } from './session-storage-messages';

/** Whether this tab writes the open session, and why it does or does not. */
export interface SessionOwnership {
  sessionId: string;
  access: 'owner' | 'read-only';
  /**
   * `opened`: no other tab had it; `kept`: this tab owned it and its restarted worker took it back; `left`: the
   * tab that owned it closed or let it go; `took-over`: this tab took it over; `open-elsewhere`: another tab
   * owns it; `taken-over`: another tab took it over from this one (this tab stopped writing it).
   */
  reason: 'opened' | 'kept' | 'left' | 'took-over' | 'open-elsewhere' | 'taken-over';
}

export type TabCommand =
  /**
   * This tab opens `sessionId` (any other it had is let go). The worker owns it if no other tab does — or if
   * this page still keeps it (`tabId`'s keeper lock: its worker was restarted) — and otherwise waits for it,
   * posting `session-ownership` when that changes. `tabId` names the page for its whole life.
   */
  | { type: 'session-enter'; sessionId: string; tabId: string }
  /**
   * Takes `sessionId` from the tab owning it (its worker stops writing, stores what it buffered and says so);
   * replies once the former owner said so, or after 10 s (a frozen tab).
   */
  | { type: 'session-take-over'; sessionId: string }
  /** Deletes `record` unless another tab has it open (then nothing is deleted). */
  | { type: 'session-delete-unless-open'; record: StoredSession };

export interface TabCommandResults {
  'session-enter': SessionOwnership;
  'session-take-over': SessionOwnership;
  'session-delete-unless-open': { deleted: boolean };
}

/** Posted by the worker when ownership changes on its own: another tab took the session over, or let it go. */
export interface SessionOwnershipMessage {
  type: 'session-ownership';
  ownership: SessionOwnership;
}

/** Posted by the worker for what another tab said: the session list changed, or a session was written. */
export interface TabNoticeMessage {
  type: 'tab-notice';
  notice: { kind: 'sessions-changed' } | { kind: 'session-written'; sessionId: string };
}

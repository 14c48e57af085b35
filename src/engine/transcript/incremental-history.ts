// Pure: a run's history kept as its events come (ENGINE-SPEC rule 29) — folded and repaired per message, not per run. No I/O.
import type { RunEvent } from '../event/run-event';
import type { Message } from '../message/message';
import {
  conversationStart,
  fillEmpty,
  normalizeMessage,
  pairStep,
  repairHistory,
  type SeenToolUseIds,
} from '../message/repair-history';
import { takeValidStep } from '../message/take-valid-step';

/** A run's history, always equal to the fold of the events it has observed and to that fold repaired. */
export interface IncrementalHistory {
  /** Takes the next event of the run (the events `foldHistory` reads change the history; others pass). */
  observe(event: RunEvent): void;
  /** `foldHistory(events)`: a fresh array. */
  folded(): Message[];
  /** `repairHistory(foldHistory(events)).messages`: a fresh array (its messages are shared, not copied). */
  repaired(): Message[];
  /**
   * The same messages as `repaired()` in one array kept from read to read, so a read costs what changed, not
   * the length of the run: the final messages are appended in place and only the open tail is rewritten
   * (a run-start or an edit starts a new array). Valid until the history next changes; copy it to keep it.
   */
  sendable(): Message[];
  /** Whether a `tool_use` with this id is in `repaired()`. */
  hasToolUse(id: string): boolean;
  /** Whether `repaired()` holds an image or a document anywhere (in a message or a tool result). */
  hasMedia(): boolean;
}

const isMedia = (block: { type: string }): boolean => block.type === 'image' || block.type === 'document';
/** Whether `message` holds an image or a document (in a block or inside a tool result). */
export const holdsMedia = (message: Message): boolean =>
  message.content.some((block) => isMedia(block) || (block.type === 'tool_result' && block.content.some(isMedia)));

const isRegular = (message: Message): boolean =>
  (message.role === 'user' || message.role === 'assistant') && Array.isArray(message.content);

/**
 * Creates an empty incremental history. The fold is kept as it grows (an appended message, or one merged
 * into the last of the same role). Repair is split at the messages that can no longer change: every
 * folded message but the last is final, so the repaired form of a final prefix — and the tool_use ids it
 * kept — is computed once and kept; only the open tail (the last message, and the assistant message whose
 * results it may be) is repaired again on each read. A run-start or a person's edit of the request's
 * messages resets everything. A history with a message `repairHistory` would reshape across messages
 * (an unknown role, content that is not a list — only a person's edit can bring one) is repaired whole
 * on each read instead.
 */
export function createIncrementalHistory(): IncrementalHistory {
  const folded: Message[] = [];
  let irregular = 0;
  // The settled part of the repair: the output for folded[0, next) and the tool_use ids it kept.
  let settled: Message[] = [];
  let seen = new Set<string>();
  let next = 0;
  let settledMedia = false;
  const ignored: string[] = [];
  // The open tail's repair, kept until the history changes (the request and the reply's id check both read it).
  let open: { messages: Message[]; ids: Set<string> } | undefined;
  // `sendable()`'s array: [conversation start when `lead`] + settled[0, viewSettled) + the tail as last read.
  let view: Message[] = [];
  let viewLead = false;
  let viewSettled = 0;

  const reset = (messages: readonly Message[]): void => {
    open = undefined;
    folded.length = 0;
    irregular = 0;
    settled = [];
    seen = new Set<string>();
    next = 0;
    settledMedia = false;
    // A new array: requests already sent keep the history they were sent with.
    view = [];
    viewLead = false;
    viewSettled = 0;
    messages.forEach(append);
  };

  function append(message: Message): void {
    if (message.content.length === 0) return;
    open = undefined;
    const last = folded[folded.length - 1];
    if (last?.role === message.role) {
      folded[folded.length - 1] = { role: last.role, content: [...last.content, ...message.content] };
    } else {
      folded.push({ role: message.role, content: [...message.content] });
      if (!isRegular(message)) irregular += 1;
      settle();
    }
  }

  /** Moves the settled part on over every step whose messages are final (not the last folded one). */
  function settle(): void {
    if (irregular > 0) return;
    for (;;) {
      const first = folded[next];
      if (first === undefined || next >= folded.length - 1) return;
      const pairs = first.role === 'assistant' && first.content.some((block) => block.type === 'tool_use');
      if (pairs && next + 1 >= folded.length - 1) return;
      // Most steps need no repair: kept as they are, with no copy (the folded messages are never changed).
      const valid = takeValidStep(folded, next, seen);
      if (valid !== undefined) {
        for (const message of valid) {
          settledMedia ||= holdsMedia(message);
          settled.push(message);
        }
        next += valid.length;
        continue;
      }
      const span = folded.slice(next, next + 2).map((message, index) => normalizeMessage(message, index, ignored));
      const step = pairStep(span, 0, seen, 0, ignored);
      step.messages.forEach((message) => {
        settledMedia ||= holdsMedia(message);
        settled.push(fillEmpty(message, 0, ignored));
      });
      next += step.next;
      ignored.length = 0;
    }
  }

  /** The repaired open tail, walked with the settled ids plus its own. */
  function tail(): { messages: Message[]; ids: Set<string> } {
    if (open !== undefined) return open;
    const ids = new Set<string>();
    const layered: SeenToolUseIds = { has: (id) => seen.has(id) || ids.has(id), add: (id) => ids.add(id) };
    const length = folded.length - next;
    let span: Message[] | undefined;
    const messages: Message[] = [];
    for (let index = 0; index < length;) {
      const valid = takeValidStep(folded, next + index, layered);
      if (valid !== undefined) {
        messages.push(...valid);
        index += valid.length;
        continue;
      }
      span ??= folded.slice(next).map((message, position) => normalizeMessage(message, position, ignored));
      const step = pairStep(span, index, layered, 0, ignored);
      step.messages.forEach((message) => messages.push(fillEmpty(message, 0, ignored)));
      index = step.next;
    }
    ignored.length = 0;
    open = { messages, ids };
    return open;
  }

  return {
    observe(event) {
      if (event.type === 'run-start') reset(event.messages);
      else if (event.type === 'response-end' || event.type === 'tool-results-commit') append(event.message);
      else if (event.type === 'edit-apply' && event.what === 'request.messages' && Array.isArray(event.after))
        reset(event.after as Message[]);
    },
    folded: () => folded.slice(),
    repaired() {
      if (irregular > 0) return repairHistory(folded).messages;
      // `concat` copies the settled part as one block; a spread walks it element by element (10× slower at 4,000).
      const messages = settled.concat(tail().messages);
      if (folded[0]?.role === 'assistant') messages.unshift(conversationStart());
      return messages;
    },
    sendable() {
      if (irregular > 0) return repairHistory(folded).messages;
      const lead = folded[0]?.role === 'assistant';
      if (lead !== viewLead) {
        view = lead ? [conversationStart()] : [];
        viewLead = lead;
        viewSettled = 0;
      }
      // The settled part only grows: keep what the array holds of it, append the rest, then the tail anew.
      view.length = (lead ? 1 : 0) + viewSettled;
      for (let index = viewSettled; index < settled.length; index += 1) view.push(settled[index] as Message);
      viewSettled = settled.length;
      for (const message of tail().messages) view.push(message);
      return view;
    },
    hasToolUse(id) {
      if (irregular > 0)
        return repairHistory(folded).messages.some((message) =>
          message.content.some((block) => block.type === 'tool_use' && block.id === id),
        );
      return seen.has(id) || tail().ids.has(id);
    },
    hasMedia() {
      if (irregular > 0) return repairHistory(folded).messages.some(holdsMedia);
      return settledMedia || tail().messages.some(holdsMedia);
    },
  };
}

// Pure: the conversation as a fold over run events. No I/O.
import type { RunEvent } from '../event/run-event';
import type { Message } from '../message/message';

/**
 * The history a run's events describe: `run-start.messages`, then each `response-end.message` and each
 * `tool-results-commit.message`; an `edit-apply` of `request.messages` replaces it. An empty message (a reply with no content) adds nothing, and a
 * message with the same role as the last one is merged into it — a `pause_turn` reply is continued by
 * the next one, which is how the Messages API reads consecutive assistant turns too.
 */
export function foldHistory(events: Iterable<RunEvent>): Message[] {
  const history: Message[] = [];
  const append = (message: Message): void => {
    if (message.content.length === 0) return;
    const last = history[history.length - 1];
    if (last?.role === message.role)
      history[history.length - 1] = { role: last.role, content: [...last.content, ...message.content] };
    else history.push({ role: message.role, content: [...message.content] });
  };
  for (const event of events) {
    if (event.type === 'run-start') {
      history.length = 0;
      event.messages.forEach(append);
    } else if (event.type === 'response-end' || event.type === 'tool-results-commit') {
      append(event.message);
    } else if (event.type === 'edit-apply' && event.what === 'request.messages' && Array.isArray(event.after)) {
      // A person rewrote the pending request's messages at a pause: that is the history from now on.
      history.length = 0;
      (event.after as Message[]).forEach(append);
    }
  }
  return history;
}

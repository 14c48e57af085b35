// Pure: bounds the log messages one call may put in the event log, so a chatty or hostile server cannot flood it.
import type { ToolLogLevel } from '../tool/tool';

/** Most log messages kept per call; the next one becomes a note that the rest were dropped. */
export const MAX_LOGS_PER_CALL = 200;
/** Longest log message kept, in characters; a longer one is cut with an ellipsis. */
export const MAX_LOG_CHARS = 2_000;

/**
 * A log sink for one call that passes the first `MAX_LOGS_PER_CALL` messages (each cut to `MAX_LOG_CHARS`),
 * then one warning that further messages were dropped, then nothing.
 */
export function capCallLogs(
  forward: (level: ToolLogLevel, message: string) => void,
): (level: ToolLogLevel, message: string) => void {
  let seen = 0;
  return (level, message) => {
    seen += 1;
    if (seen > MAX_LOGS_PER_CALL + 1) return;
    if (seen === MAX_LOGS_PER_CALL + 1) {
      forward('warning', `Further log messages of this call were dropped (more than ${MAX_LOGS_PER_CALL}).`);
      return;
    }
    const text = typeof message === 'string' ? message : String(message);
    forward(level, text.length > MAX_LOG_CHARS ? `${text.slice(0, MAX_LOG_CHARS)}…` : text);
  };
}

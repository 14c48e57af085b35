// Pure: a pasted JSON body parsed safely (size cap, depth cap) with errors that say what is wrong.
import { MAX_JSON_DEPTH, measureJsonTextDepth } from '../../shared/json-depth';
import { isRecord } from '../../shared/is-record';
import { MAX_REQUEST_CHARS } from './imported-request';
import { refuse } from './request-import-error';

/** `text` as a JSON object, or a problem at `where`: too large, too deep, not JSON (cut short?), not an object. */
export function readJsonBody(text: string, where: string): Record<string, unknown> {
  if (text.length > MAX_REQUEST_CHARS)
    refuse(
      where,
      `at most ${MAX_REQUEST_CHARS / 1024 / 1024} MB of text`,
      `${(text.length / 1024 / 1024).toFixed(1)} MB`,
    );
  if (text.trim() === '') refuse(where, 'a JSON request body', 'nothing');
  if (measureJsonTextDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH)
    refuse(where, `JSON nested at most ${MAX_JSON_DEPTH} levels deep`, 'deeper nesting');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    refuse(where, 'valid JSON', `text that is not valid JSON — it may be cut short (${detail})`);
  }
  if (!isRecord(parsed)) refuse(where, 'a JSON object', Array.isArray(parsed) ? 'a list' : typeof parsed);
  return parsed;
}

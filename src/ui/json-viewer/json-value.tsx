// A JSON value where the timeline shows one: small values as indented text (find-in-page, selection), large
// ones in the foldable, searchable viewer.
import { monoBlockClass } from '../common/styles';
import { JsonViewer } from './json-viewer';
import { childOf, isContainer, keysOf } from './json-rows';

/** Above either bound a value is "large": shown in the viewer rather than as text. */
const SMALL_NODES = 60;
const SMALL_CHARS = 2_000;

/** True when `value` has more than SMALL_NODES nodes or SMALL_CHARS characters of keys and text; stops early. */
export function isLargeJson(value: unknown): boolean {
  let nodes = 0;
  let chars = 0;
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const item = pending.pop();
    nodes += 1;
    if (nodes > SMALL_NODES || chars > SMALL_CHARS) return true;
    if (typeof item === 'string') chars += item.length;
    else if (isContainer(item)) {
      for (const key of keysOf(item)) {
        if (typeof key === 'string') chars += key.length;
        pending.push(childOf(item, key));
        if (pending.length > SMALL_NODES) return true;
      }
    } else chars += 8;
  }
  return chars > SMALL_CHARS;
}

/** Parses `text` as JSON when it is an object or array; undefined otherwise (never throws). */
export function parseJsonContainer(text: string): unknown {
  const trimmed = text.trimStart();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return undefined;
  try {
    return JSON.parse(trimmed) as unknown;
  } catch {
    return undefined;
  }
}

export function JsonValue({
  value,
  label,
  text,
  copyText,
  showCopy = true,
  className = '',
}: {
  value: unknown;
  label: string;
  /** The small value's text as shown (default: indented JSON). */
  text?: () => string;
  copyText?: () => string;
  showCopy?: boolean;
  className?: string;
}) {
  if (isLargeJson(value)) {
    return (
      <JsonViewer
        value={value}
        label={label}
        showCopy={showCopy}
        className={className}
        {...(copyText === undefined ? {} : { copyText })}
      />
    );
  }
  return <pre className={`${monoBlockClass} ${className}`}>{text?.() ?? JSON.stringify(value, null, 2)}</pre>;
}

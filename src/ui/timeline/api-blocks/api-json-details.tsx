// A block Loupe has no view for (a type newer than it, or a shape it does not expect): collapsible JSON, never dropped.
import type { ApiJsonObject } from '../../../engine/message/message';

/** At most this many characters of a block's JSON are drawn (the block itself is kept whole). */
const SHOWN_CHARS = 20_000;

export function ApiJsonDetails({ block, label }: { block: ApiJsonObject & { type: string }; label?: string }) {
  const json = JSON.stringify(block, null, 2);
  const shown =
    json.length <= SHOWN_CHARS
      ? json
      : `${json.slice(0, SHOWN_CHARS)}\n… ${(json.length - SHOWN_CHARS).toLocaleString('en')} more characters (kept whole in the history and exports)`;
  return (
    <details className="text-xs text-zinc-700 dark:text-zinc-300">
      <summary className="cursor-pointer select-none">{label ?? `API block · ${block.type}`}</summary>
      <pre className="mt-1 max-h-64 overflow-auto rounded bg-zinc-50 p-2 font-mono whitespace-pre-wrap dark:bg-zinc-950">
        {shown}
      </pre>
    </details>
  );
}

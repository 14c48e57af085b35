// Copy on one object or array of the JSON viewer: its own value as indented JSON, named by its path.
import { useState } from 'react';
import type { JsonContainer } from './json-rows';
import { shortPath } from './json-path';

/** The node as indented JSON, or why it cannot be (a cycle, or nesting past what `JSON.stringify` survives). */
export function nodeCopyText(container: JsonContainer): { text: string } | { problem: string } {
  try {
    return { text: JSON.stringify(container, null, 2) };
  } catch (error) {
    return {
      problem: error instanceof TypeError ? 'Circular: cannot copy as JSON' : 'Too deeply nested to copy as JSON',
    };
  }
}

export function NodeCopyButton({ container, path }: { container: JsonContainer; path: string }) {
  const [said, setSaid] = useState<string | null>(null);
  return (
    <button
      type="button"
      aria-label={`Copy ${shortPath(path)}`}
      title={`Copy ${shortPath(path)} as JSON`}
      // Out of the way until the row is pointed at or the button has focus (it stays in the tab order).
      className="ml-2 rounded px-1 font-sans text-[11px] text-indigo-700 opacity-0 group-hover/row:opacity-100 hover:underline focus-visible:opacity-100 [@media(hover:none)]:opacity-100 dark:text-indigo-300"
      onClick={() => {
        const copy = nodeCopyText(container);
        if ('problem' in copy) return setSaid(copy.problem);
        navigator.clipboard.writeText(copy.text).then(
          () => setSaid('Copied'),
          () => setSaid('Copy refused'),
        );
      }}
    >
      {said ?? 'Copy'}
    </button>
  );
}

// A small Copy button: puts `text` on the clipboard and says so; a refused clipboard says that instead.
import { useState } from 'react';
import { smallButtonClass } from './styles';

export function CopyButton({ text, label }: { text: () => string; label: string }) {
  const [state, setState] = useState<'idle' | 'copied' | 'refused'>('idle');
  return (
    <button
      type="button"
      aria-label={label}
      className={`${smallButtonClass} !px-1.5 !py-0 text-[11px]`}
      onClick={() => {
        navigator.clipboard.writeText(text()).then(
          () => setState('copied'),
          () => setState('refused'),
        );
      }}
    >
      {state === 'copied' ? 'Copied' : state === 'refused' ? 'Copy refused' : 'Copy'}
    </button>
  );
}

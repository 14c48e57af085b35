// The line under a pause's editor: what the edit does, and Undo edits once the text differs from the original.
import { smallButtonClass } from '../common/styles';

export function PauseEditorHint({ hint, edited, onUndo }: { hint: string; edited: boolean; onUndo: () => void }) {
  return (
    <div className="flex flex-wrap items-center gap-2 text-[11px] text-zinc-600 dark:text-zinc-400">
      <span>{hint}</span>
      {edited && (
        <button type="button" className={smallButtonClass} onClick={onUndo}>
          Undo edits
        </button>
      )}
    </div>
  );
}

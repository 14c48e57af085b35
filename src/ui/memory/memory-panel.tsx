// The Memory tab: the files the memory tool keeps for the next run (this session's memory or a named one),
// to read, edit, add, delete and clear. The worker keeps them; this panel only asks it.
import { useEffect, useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { currentMemoryScope } from '../../store/memory-slice';
import { panelClass, panelTitleClass, secondaryButtonClass, smallButtonClass } from '../common/styles';
import { MemoryFileEditor } from './memory-file-editor';

const noteClass = 'text-xs text-zinc-600 dark:text-zinc-400';

function describeScope(scope: string): string {
  return scope.startsWith('named:') ? `The memory named “${scope.slice('named:'.length)}”` : "This session's memory";
}

/** The file open in the editor, with the memory it belongs to (another memory shown closes it). */
type Editing = { scope: string; path: string; content: string; isNew: boolean } | null;

export function MemoryPanel() {
  const scope = useLoupeStore(currentMemoryScope);
  const enabled = useLoupeStore(
    (state) => state.settings.provider === 'anthropic' && state.settings.apiTools.memory.enabled,
  );
  const memory = useLoupeStore((state) => state.memory);
  const loadMemory = useLoupeStore((state) => state.loadMemory);
  const saveMemoryFile = useLoupeStore((state) => state.saveMemoryFile);
  const deleteMemoryFile = useLoupeStore((state) => state.deleteMemoryFile);
  const clearMemory = useLoupeStore((state) => state.clearMemory);
  const [openFile, setEditing] = useState<Editing>(null);
  const editing = openFile?.scope === scope ? openFile : null;
  const [confirmClear, setConfirmClear] = useState(false);
  useEffect(() => {
    void loadMemory();
  }, [scope, loadMemory]);
  const shown = memory.scope === scope ? memory : { files: [], loaded: false, error: undefined };
  const open = (path: string) => {
    const file = shown.files.find((entry) => entry.path === path);
    if (file) setEditing({ scope, path, content: file.content, isNew: false });
  };
  return (
    <section aria-labelledby="memory-title" className={panelClass}>
      <h2 id="memory-title" className={panelTitleClass}>
        Memory
      </h2>
      <p className={noteClass}>
        {describeScope(scope)}: the files the memory tool reads and writes under /memories.{' '}
        {enabled
          ? 'Memory is on in Settings → Server tools.'
          : 'Turn Memory on in Settings → Server tools (Anthropic) to send the tool.'}
      </p>
      {shown.error !== undefined && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {shown.error}
        </p>
      )}
      <ul aria-label="Memory files" className="my-2 space-y-1">
        {shown.files.map((file) => (
          <li key={file.path} className="flex items-center justify-between gap-2">
            <button type="button" className={`${smallButtonClass} font-mono`} onClick={() => open(file.path)}>
              {file.path}
            </button>
            <span className={noteClass}>{file.content.length} characters</span>
          </li>
        ))}
      </ul>
      {shown.loaded && shown.files.length === 0 && <p className={noteClass}>No memory files yet.</p>}
      {editing === null ? (
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => setEditing({ scope, path: '/memories/', content: '', isNew: true })}
          >
            New file
          </button>
          {shown.files.length > 0 &&
            (confirmClear ? (
              <>
                <button
                  type="button"
                  className={secondaryButtonClass}
                  onClick={() => void clearMemory().then(() => setConfirmClear(false))}
                >
                  Delete all {shown.files.length} files
                </button>
                <button type="button" className={secondaryButtonClass} onClick={() => setConfirmClear(false)}>
                  Keep them
                </button>
              </>
            ) : (
              <button type="button" className={secondaryButtonClass} onClick={() => setConfirmClear(true)}>
                Clear memory
              </button>
            ))}
        </div>
      ) : (
        <MemoryFileEditor
          key={`${editing.path}:${editing.isNew}`}
          initialPath={editing.path}
          initialContent={editing.content}
          isNew={editing.isNew}
          onSave={saveMemoryFile}
          onDelete={deleteMemoryFile}
          onClose={() => setEditing(null)}
        />
      )}
    </section>
  );
}

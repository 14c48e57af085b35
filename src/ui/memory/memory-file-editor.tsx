// One memory file open for editing: its path and content, saved through the worker (same checks as the model's).
import { useState } from 'react';
import { Field } from '../common/field';
import { inputClass, primaryButtonClass, secondaryButtonClass } from '../common/styles';

interface MemoryFileEditorProps {
  /** The file as stored; an empty content with a new path is a new file. */
  initialPath: string;
  initialContent: string;
  isNew: boolean;
  onSave: (path: string, content: string) => Promise<boolean>;
  onDelete: (path: string) => Promise<void>;
  onClose: () => void;
}

export function MemoryFileEditor(props: MemoryFileEditorProps) {
  const { initialPath, initialContent, isNew, onSave, onDelete, onClose } = props;
  const [path, setPath] = useState(initialPath);
  const [content, setContent] = useState(initialContent);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    // Renaming in the tab is a new file under the new path; the old one goes once the new one is stored.
    const saved = await onSave(path, content);
    if (saved && !isNew && path !== initialPath) await onDelete(initialPath);
    setBusy(false);
    if (saved) onClose();
  };
  return (
    <div className="space-y-2 rounded-md border border-zinc-200 p-2 dark:border-zinc-800">
      <Field label="Memory file path" hint="Under /memories, like the model's paths.">
        {(control) => (
          <input
            {...control}
            className={`${inputClass} font-mono`}
            value={path}
            onChange={(event) => setPath(event.target.value)}
          />
        )}
      </Field>
      <Field label="Memory file content">
        {(control) => (
          <textarea
            {...control}
            className={`${inputClass} min-h-32 font-mono`}
            value={content}
            onChange={(event) => setContent(event.target.value)}
          />
        )}
      </Field>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={primaryButtonClass} disabled={busy} onClick={() => void save()}>
          Save file
        </button>
        {!isNew && (
          <button
            type="button"
            className={secondaryButtonClass}
            disabled={busy}
            onClick={() => void onDelete(initialPath).then(onClose)}
          >
            Delete file
          </button>
        )}
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

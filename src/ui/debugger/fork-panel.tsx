// "Fork from here": the history round N sent, editable, and a name; starting it keeps the original branch.
import { useEffect, useState } from 'react';
import type { Message } from '../../engine/message/message';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { Field } from '../common/field';
import { inputClass, primaryButtonClass, secondaryButtonClass, smallButtonClass } from '../common/styles';
import { JsonEditor } from '../json-editor/json-editor';
import { messagesSchema } from './pause-schemas';
import { useRoundOffset } from '../timeline/use-round-offset';

/** `round`: the run's own round number (what the worker forks from); the words say the number shown. */
export function ForkButton({ round }: { round: number }) {
  const [open, setOpen] = useState(false);
  const running = useLoupeStore((state) => state.runView.phase === 'running');
  const shown = round + useRoundOffset();
  return (
    <>
      <button
        type="button"
        className={smallButtonClass}
        disabled={running}
        title={running ? 'Stop or finish the run first' : `Start a new branch from the request of round ${shown}`}
        onClick={() => setOpen((value) => !value)}
      >
        Fork from here
      </button>
      {open && <ForkPanel round={round} shown={shown} onClose={() => setOpen(false)} />}
    </>
  );
}

function ForkPanel({ round, shown, onClose }: { round: number; shown: number; onClose: () => void }) {
  const loadForkHistory = useLoupeStore((state) => state.loadForkHistory);
  const forkFrom = useLoupeStore((state) => state.forkFrom);
  const [original, setOriginal] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [name, setName] = useState(`Fork of round ${shown}`);
  const [edited, setEdited] = useState<{ messages: Message[] | null; problems: string[] }>({
    messages: null,
    problems: [],
  });

  useEffect(() => {
    let live = true;
    void loadForkHistory(round).then((messages) => {
      if (!live || messages === null) return;
      const json = JSON.stringify(messages, null, 2);
      setOriginal(json);
      setText(json);
    });
    return () => {
      live = false;
    };
  }, [loadForkHistory, round]);

  return (
    <div
      role="group"
      aria-label={`Fork from round ${shown}`}
      className="basis-full space-y-2 rounded-md border border-indigo-200 bg-indigo-50/40 p-3 dark:border-indigo-500/30 dark:bg-indigo-500/5"
    >
      <p className="text-xs text-zinc-700 dark:text-zinc-300">
        A new branch asks the model round {shown}'s request again, from these messages (edit them to try another path).
        The original branch is kept.
      </p>
      {original === null ? (
        <p className="text-xs text-zinc-600 dark:text-zinc-400 italic">Loading the history…</p>
      ) : (
        <JsonEditor
          ariaLabel="Fork messages"
          value={text}
          height={220}
          schema={messagesSchema}
          onChange={setText}
          onValidChange={(result, next) =>
            setEdited(
              next === original
                ? { messages: null, problems: [] }
                : result.valid
                  ? { messages: result.value as Message[], problems: [] }
                  : { messages: null, problems: result.problems },
            )
          }
        />
      )}
      {edited.problems.length > 0 && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {edited.problems.join(' ')}
        </p>
      )}
      <div className="flex flex-wrap items-end gap-2">
        <Field label="Fork name">
          {(control) => (
            <input {...control} className={inputClass} value={name} onChange={(event) => setName(event.target.value)} />
          )}
        </Field>
        <button
          type="button"
          className={primaryButtonClass}
          disabled={original === null || edited.problems.length > 0}
          onClick={() => void forkFrom(round, name, edited.messages ?? undefined).then((ok) => ok && onClose())}
        >
          Start fork
        </button>
        <button type="button" className={secondaryButtonClass} onClick={onClose}>
          Cancel
        </button>
      </div>
    </div>
  );
}

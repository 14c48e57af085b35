// The sessions drawer's content, loaded as its own chunk the first time the drawer opens (issue 16).
import { useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import type { SessionSummary } from '../../store/sessions/session-record';
import { inputClass, panelTitleClass, primaryButtonClass, smallButtonClass } from '../common/styles';

/** The drawer's content: search, new, open, rename, duplicate, delete. */
export function SessionsPanel({ onClose }: { onClose: () => void }) {
  const sessions = useLoupeStore((state) => state.sessions);
  const currentId = useLoupeStore((state) => state.currentSessionId);
  const storageProblem = useLoupeStore((state) => state.storageProblem);
  const newSession = useLoupeStore((state) => state.newSession);
  const [query, setQuery] = useState('');
  const shown = sessions.filter((session) => session.name.toLowerCase().includes(query.trim().toLowerCase()));
  return (
    <div className="flex h-full flex-col gap-3 p-4">
      <div className="flex items-center justify-between">
        <h2 className={panelTitleClass + ' mb-0'}>Sessions</h2>
        <button type="button" className={smallButtonClass} onClick={onClose}>
          Close
        </button>
      </div>
      {storageProblem !== null && (
        <p className="rounded-md bg-amber-50 px-3 py-2 text-xs text-amber-900 dark:bg-amber-500/10 dark:text-amber-200">
          {storageProblem}
        </p>
      )}
      <div className="flex gap-2">
        <input
          type="search"
          aria-label="Search sessions"
          placeholder="Search sessions"
          className={inputClass}
          value={query}
          onChange={(event) => setQuery(event.target.value)}
        />
        <button
          type="button"
          className={primaryButtonClass + ' shrink-0'}
          onClick={() => {
            void newSession();
            onClose();
          }}
        >
          New session
        </button>
      </div>
      <ul aria-label="Saved sessions" className="min-h-0 flex-1 space-y-2 overflow-y-auto">
        {shown.map((session) => (
          <SessionItem key={session.id} session={session} current={session.id === currentId} onOpened={onClose} />
        ))}
        {shown.length === 0 && (
          <li className="text-sm text-zinc-600 dark:text-zinc-400">No session matches “{query}”.</li>
        )}
      </ul>
    </div>
  );
}

function SessionItem({
  session,
  current,
  onOpened,
}: {
  session: SessionSummary;
  current: boolean;
  onOpened: () => void;
}) {
  const openSession = useLoupeStore((state) => state.openSession);
  const renameSession = useLoupeStore((state) => state.renameSession);
  const duplicateSession = useLoupeStore((state) => state.duplicateSession);
  const deleteSession = useLoupeStore((state) => state.deleteSession);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(session.name);
  const when = new Date(session.updatedAt).toLocaleString();
  return (
    <li
      aria-label={session.name}
      aria-current={current ? 'true' : undefined}
      className={`rounded-md border px-3 py-2 ${current ? 'border-indigo-400 dark:border-indigo-500/60' : 'border-zinc-200 dark:border-zinc-800'}`}
    >
      {editing ? (
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            void renameSession(session.id, name);
            setEditing(false);
          }}
        >
          <input
            aria-label="Session name"
            className={inputClass}
            value={name}
            onChange={(event) => setName(event.target.value)}
            autoFocus
          />
          <button type="submit" className={smallButtonClass}>
            Save
          </button>
        </form>
      ) : (
        <button
          type="button"
          className="block w-full min-w-0 truncate text-left text-sm font-medium hover:underline"
          onClick={() => {
            void openSession(session.id);
            onOpened();
          }}
        >
          {session.name}
          {current && <span className="ml-2 text-xs font-normal text-indigo-600 dark:text-indigo-400">open</span>}
        </button>
      )}
      <div className="mt-1 flex flex-wrap items-center gap-1 text-xs text-zinc-600 dark:text-zinc-400">
        <span className="mr-auto">
          {session.runCount} run{session.runCount === 1 ? '' : 's'} · {when}
        </span>
        <button
          type="button"
          className={smallButtonClass}
          aria-label={`Rename ${session.name}`}
          onClick={() => setEditing(true)}
        >
          Rename
        </button>
        <button
          type="button"
          className={smallButtonClass}
          aria-label={`Duplicate ${session.name}`}
          onClick={() => void duplicateSession(session.id)}
        >
          Duplicate
        </button>
        <button
          type="button"
          className={smallButtonClass}
          aria-label={`Delete ${session.name}`}
          onClick={() => {
            if (window.confirm(`Delete the session “${session.name}” and its runs? This cannot be undone.`))
              void deleteSession(session.id);
          }}
        >
          Delete
        </button>
      </div>
    </li>
  );
}

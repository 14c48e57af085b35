// The branches of a forked run: switch between them and name them; each keeps its own timeline.
import { useId, useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { roundOffsetOf } from '../../store/round-offset';
import { useRunLabels } from '../compare/use-run-labels';
import { inputClass, labelClass, panelClass, secondaryButtonClass } from '../common/styles';

export function BranchBar() {
  const selectId = useId();
  const branches = useLoupeStore((state) => state.debug.branches);
  const runId = useLoupeStore((state) => state.runView.runId);
  const switchBranch = useLoupeStore((state) => state.switchBranch);
  const labels = useRunLabels('named');
  const shown = branches.find((branch) => branch.runId === runId);
  const currentName = shown?.name ?? '';
  const parentName = branches.find((branch) => branch.runId === shown?.parentRunId)?.name ?? 'another branch';
  // The fork round in the parent's numbers (a fork of a fork shows its parent's inherited rounds too).
  const parentOffset = roundOffsetOf(branches, shown?.parentRunId ?? null);

  if (branches.length === 0 || !branches.some((branch) => branch.runId === runId)) return null;
  return (
    <section aria-label="Branches" className={`${panelClass} !py-3`}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-48">
          <label htmlFor={selectId} className={labelClass}>
            Branch
          </label>
          <select
            id={selectId}
            className={inputClass}
            value={runId ?? ''}
            onChange={(event) => switchBranch(event.target.value)}
          >
            {branches.map((branch) => (
              <option key={branch.runId} value={branch.runId}>
                {labels.get(branch.runId) ?? branch.name}
              </option>
            ))}
          </select>
        </div>
        {runId !== null && <RenameForm key={`${runId}:${currentName}`} runId={runId} currentName={currentName} />}
        <p className="text-[11px] text-zinc-600 dark:text-zinc-400">
          {shown?.forkRound == null
            ? `The original run; ${branches.length - 1} fork(s) of it.`
            : `Forked from round ${shown.forkRound + parentOffset} of “${parentName}”.`}{' '}
          Each branch keeps its own rounds and transcript.
        </p>
      </div>
    </section>
  );
}

/** Renames the shown branch; remounted (by key) when the branch or its name changes elsewhere. */
function RenameForm({ runId, currentName }: { runId: string; currentName: string }) {
  const nameId = useId();
  const renameBranch = useLoupeStore((state) => state.renameBranch);
  const [name, setName] = useState(currentName);
  return (
    <form
      className="flex items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        void renameBranch(runId, name);
      }}
    >
      <div>
        <label htmlFor={nameId} className={labelClass}>
          Branch name
        </label>
        <input id={nameId} className={inputClass} value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <button
        type="submit"
        className={secondaryButtonClass}
        disabled={name.trim() === '' || name.trim() === currentName}
      >
        Rename
      </button>
    </form>
  );
}

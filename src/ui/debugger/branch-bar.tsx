// The branches of a forked run: switch between them and name them; each keeps its own timeline.
import { useState } from 'react';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { roundOffsetOf } from '../../store/round-offset';
import { useRunLabels } from '../compare/use-run-labels';
import { Field } from '../common/field';
import { inputClass, panelClass, secondaryButtonClass } from '../common/styles';

export function BranchBar() {
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
        <Field label="Branch" className="min-w-48">
          {(control) => (
            <select
              {...control}
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
          )}
        </Field>
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
      <Field label="Branch name">
        {(control) => (
          <input {...control} className={inputClass} value={name} onChange={(event) => setName(event.target.value)} />
        )}
      </Field>
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

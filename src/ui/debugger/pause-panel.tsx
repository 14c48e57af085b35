// Above the timeline while the loop is held: where it stands, why, and the pending item to inspect or edit.
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { monoBlockClass, panelClass } from '../common/styles';
import { describePausePoint, describeReason } from './describe-pause';
import { RequestPauseEditor } from './request-pause-editor';
import { ToolInputPauseEditor } from './tool-input-pause-editor';
import { ToolResultPauseEditor } from './tool-result-pause-editor';

function PendingItem({ point }: { point: PausePoint }) {
  switch (point.kind) {
    case 'before-request':
      return <RequestPauseEditor point={point} />;
    case 'after-reply':
      return (
        <div className="space-y-1">
          <p className="text-xs text-zinc-600 dark:text-zinc-400">
            Stop reason <span className="font-mono">{point.stopReason ?? 'none'}</span>. The reply as committed:
          </p>
          <pre className={monoBlockClass}>{JSON.stringify(point.message.content, null, 2)}</pre>
        </div>
      );
    case 'before-tool':
      return <ToolInputPauseEditor point={point} />;
    case 'after-tool':
      return <ToolResultPauseEditor point={point} />;
  }
}

export function PausePanel() {
  const point = useLoupeStore((state) => (state.runView.phase === 'running' ? state.debug.pending : null));
  const error = useLoupeStore((state) => state.debug.error);
  const draft = useLoupeStore((state) => state.debug.draft);
  if (point === null) return null;
  return (
    <section aria-label="Paused step" className={`${panelClass} border-amber-300 dark:border-amber-500/40`}>
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="text-sm font-semibold text-zinc-900 dark:text-zinc-100">Paused {describePausePoint(point)}</h2>
        {point.reasons.map((reason) => (
          <span
            key={describeReason(reason)}
            className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-800 dark:bg-amber-500/15 dark:text-amber-300"
          >
            {describeReason(reason)}
          </span>
        ))}
      </div>
      {/* A new pause gets fresh editors: keyed by the pause id. */}
      <PendingItem key={point.pauseId} point={point} />
      {draft !== null && draft.problems.length > 0 && (
        <ul aria-label="Edit problems" className="mt-2 list-disc pl-5 text-xs text-red-700 dark:text-red-400">
          {draft.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      )}
      {error !== null && (
        <p
          role="alert"
          className="mt-2 rounded-md bg-red-50 p-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300"
        >
          {error}
        </p>
      )}
    </section>
  );
}

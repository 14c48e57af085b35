// The body of a pause panel: what is held and its editor, the edit problems and the step's error. Loaded as
// its own chunk (the editors are most of the debugger); see pause-panel.tsx for where it shows.
import { useEffect, useRef } from 'react';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { PauseIcon } from '../common/icons';
import { JsonValue } from '../json-viewer/json-value';
import { useRoundOffset } from '../timeline/use-round-offset';
import { describePausePoint, describeReason } from './describe-pause';
import { RequestPauseEditor } from './request-pause-editor';
import { ToolInputPauseEditor } from './tool-input-pause-editor';
import { ToolResultPauseEditor } from './tool-result-pause-editor';
import { AppCallGoOn } from './app-call-go-on';
import { CompactionPauseEditor } from './compaction-pause-editor';
import { isAppCallPause } from './pause-slot';
import { useKeepInView } from './use-keep-in-view';

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
          <JsonValue value={point.message.content} label="The reply as committed" />
        </div>
      );
    case 'before-tool':
      return <ToolInputPauseEditor point={point} />;
    case 'after-tool':
      return <ToolResultPauseEditor point={point} />;
    case 'before-compaction':
      return <CompactionPauseEditor point={point} />;
  }
}

/** The panel of one pause; it scrolls into view and takes focus when it mounts. */
export function PausePanelBody({ point }: { point: PausePoint }) {
  const error = useLoupeStore((state) => state.debug.error);
  const draft = useLoupeStore((state) => state.debug.draft);
  const offset = useRoundOffset();
  const ref = useRef<HTMLElement>(null);
  // A compaction that only trims has nothing to edit (its summary field is the editor when it summarises).
  const editable =
    point.kind !== 'after-reply' && (point.kind !== 'before-compaction' || point.compaction.summary !== undefined);

  useKeepInView(ref);
  useEffect(() => {
    // With an editor, the editor takes focus when it mounts (preloaded while a run can pause); otherwise the panel.
    if (!editable) ref.current?.focus({ preventScroll: true });
  }, [editable]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-label="Paused step"
      className="scroll-mt-24 scroll-mb-16 rounded-lg border-2 border-amber-400 bg-amber-50/40 p-3 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-500 dark:border-amber-500/50 dark:bg-amber-500/5"
    >
      <div className="mb-3 flex flex-wrap items-center gap-2">
        <h2 className="inline-flex items-center gap-1.5 text-sm font-semibold text-zinc-900 dark:text-zinc-100">
          <PauseIcon className="size-3 text-amber-700 dark:text-amber-400" />
          Paused {describePausePoint(point, offset)}
        </h2>
        {point.reasons.map((reason) => (
          <span
            key={describeReason(reason)}
            className="rounded-full bg-amber-100 px-2 py-0.5 text-[11px] font-medium text-amber-900 dark:bg-amber-500/15 dark:text-amber-200"
          >
            {describeReason(reason)}
          </span>
        ))}
      </div>
      <PendingItem point={point} />
      {isAppCallPause(point) && <AppCallGoOn />}
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

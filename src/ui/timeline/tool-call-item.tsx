// One tool call: its input (streaming while the model writes it), its result, status and duration.
import { memo } from 'react';
import type { ToolCallView } from '../../store/run-view';
import { formatDuration } from '../common/format';
import { StatusBadge } from '../common/status-badge';
import { EditChips } from '../debugger/debug-marks';
import { monoBlockClass } from '../common/styles';
import { describeToolInput } from './pretty-json';
import { ToolResultView } from './tool-result-view';
import { toolStatusTone } from './tool-status';
import { CallProgress } from './call-progress';
import { CallTimeoutNote } from './call-timeout-note';
import { CallApp } from '../mcp-apps/call-app';
import { CallLog } from './call-log';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { PausePanel } from '../debugger/pause-panel';
import { describeOpenCall } from './describe-open-call';
import { CopyButton } from '../common/copy-button';
import { JsonValue } from '../json-viewer/json-value';

/** A result as text: its text when it is all text (what the model read), else the blocks as JSON. */
function copyableResult(content: ToolCallView['content']): string {
  const texts = content.flatMap((block) => (block.type === 'text' ? [block.text] : []));
  return texts.length === content.length ? texts.join('\n') : JSON.stringify(content, null, 2);
}

const flagClass =
  'rounded bg-zinc-100 px-1.5 py-0.5 font-mono text-[10px] text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400';

export const ToolCallItem = memo(function ToolCallItem({ call }: { call: ToolCallView }) {
  const open = call.status === 'pending' || call.status === 'queued' || call.status === 'running';
  const pausedHere = useLoupeStore((state) => state.runView.pause?.pause.callId === call.callId);
  return (
    <li
      aria-label={`${call.name} ${call.status}`}
      data-call-id={call.callId}
      className="scroll-mt-28 rounded-md border border-zinc-200 bg-zinc-50/50 p-3 dark:border-zinc-800 dark:bg-zinc-950/30"
    >
      <div className="mb-2 flex flex-wrap items-center gap-2">
        <span className="font-mono text-sm font-semibold [overflow-wrap:anywhere] text-zinc-900 dark:text-zinc-100">
          {call.name}
        </span>
        <StatusBadge tone={toolStatusTone(call.status)}>{call.status}</StatusBadge>
        <EditChips edits={call.edits} />
        {call.eager === true && <span className={flagClass}>eager</span>}
        {call.repaired === true && <span className={flagClass}>JSON repaired</span>}
        <CallTimeoutNote call={call} />
        {call.retryable !== undefined && call.isError && (
          <span className={flagClass}>{call.retryable ? 'retryable' : 'not retryable'}</span>
        )}
        <span className="ml-auto font-mono text-[11px] text-zinc-600 dark:text-zinc-400">
          {open ? '…' : formatDuration(call.durationMs)}
        </span>
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div className="min-w-0">
          <div className="mb-1 flex items-center justify-between gap-2">
            <p className="text-[10px] font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Input</p>
            <CopyButton
              label={`Copy the input of ${call.name}`}
              text={() => describeToolInput(call.input, call.partialJson) || '{}'}
            />
          </div>
          {call.input === undefined ? (
            <pre className={monoBlockClass}>{describeToolInput(call.input, call.partialJson) || '{}'}</pre>
          ) : (
            <JsonValue value={call.input} label={`Input of ${call.name}`} showCopy={false} />
          )}
        </div>
        <div className="min-w-0">
          <div className="mb-1 flex items-center justify-between gap-2">
            <p className="text-[10px] font-semibold tracking-wide text-zinc-600 uppercase dark:text-zinc-400">Result</p>
            {!open && (
              <CopyButton label={`Copy the result of ${call.name}`} text={() => copyableResult(call.content)} />
            )}
          </div>
          {open ? (
            <>
              <p className="text-xs text-zinc-600 dark:text-zinc-400 italic">{describeOpenCall(call, pausedHere)}</p>
              {call.status === 'running' && call.progress !== undefined && (
                <CallProgress
                  progress={call.progress}
                  name={call.name}
                  {...(call.startedAt === undefined ? {} : { startedAt: call.startedAt })}
                />
              )}
            </>
          ) : (
            <>
              <ToolResultView name={call.name} content={call.content} isError={call.isError} />
              {call.fullContent !== undefined && (
                <details className="mt-2 text-xs">
                  <summary className="cursor-pointer text-zinc-600 dark:text-zinc-400 select-none">
                    Full result (not sent to the model)
                  </summary>
                  <div className="mt-1">
                    <ToolResultView name={call.name} content={call.fullContent} isError={false} />
                  </div>
                </details>
              )}
            </>
          )}
          <CallLog call={call} running={open} />
        </div>
      </div>
      <CallApp call={call} />
      <div className="mt-3 empty:hidden">
        <PausePanel slot={{ callId: call.callId }} />
      </div>
    </li>
  );
});

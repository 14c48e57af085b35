// The calls an MCP App made, under its frame: each with its status, input and result, and Approve / Deny
// while it is held (approval on for that tool, or step mode).
import { StatusBadge } from '../common/status-badge';
import { monoBlockClass, smallButtonClass } from '../common/styles';

export type AppCallStatus = 'held' | 'running' | 'ok' | 'error' | 'denied';

/** One call an app made, as the list shows it. */
export interface AppCall {
  id: string;
  toolName: string;
  input: Record<string, unknown>;
  status: AppCallStatus;
  /** The result's text, or why the call failed or was refused. */
  outcome?: string;
}

const tone = (status: AppCallStatus) =>
  status === 'ok'
    ? ('ok' as const)
    : status === 'error' || status === 'denied'
      ? ('error' as const)
      : ('busy' as const);

export function AppCallList({
  appName,
  calls,
  onDecide,
}: {
  appName: string;
  calls: AppCall[];
  onDecide: (id: string, approve: boolean) => void;
}) {
  if (calls.length === 0) return null;
  return (
    <ol aria-label={`Calls from the app ${appName}`} className="mt-2 space-y-1.5">
      {calls.map((call) => (
        <li
          key={call.id}
          aria-label={`${call.toolName} from the app ${call.status}`}
          className="rounded border border-zinc-200 p-2 text-xs dark:border-zinc-800"
        >
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono font-semibold">{call.toolName}</span>
            <span className="text-zinc-600 dark:text-zinc-400">called by the app</span>
            <StatusBadge tone={tone(call.status)}>
              {call.status === 'held' ? 'waiting for approval' : call.status}
            </StatusBadge>
            {call.status === 'held' && (
              <span className="ml-auto flex gap-1">
                <button type="button" className={smallButtonClass} onClick={() => onDecide(call.id, true)}>
                  Approve app call
                </button>
                <button type="button" className={smallButtonClass} onClick={() => onDecide(call.id, false)}>
                  Deny app call
                </button>
              </span>
            )}
          </div>
          <pre className={`${monoBlockClass} mt-1`}>{JSON.stringify(call.input)}</pre>
          {call.outcome !== undefined && <pre className={`${monoBlockClass} mt-1`}>{call.outcome}</pre>}
        </li>
      ))}
    </ol>
  );
}

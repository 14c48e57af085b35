// An OTLP file with several agent traces: the person picks the one to open (nothing is imported until then).
import { useLoupeStore } from '../../store/loupe-store-provider';
import { primaryButtonClass, secondaryButtonClass } from '../common/styles';

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;

export function TraceChoice() {
  const choice = useLoupeStore((state) => state.traceChoice);
  const importFile = useLoupeStore((state) => state.importTranscriptFile);
  const dismiss = useLoupeStore((state) => state.dismissTraceChoice);
  if (choice === null) return null;
  return (
    <section
      aria-label="Traces in the file"
      className="w-full basis-full rounded-md border border-slate-300 bg-slate-50 p-2 text-xs dark:border-slate-600 dark:bg-slate-800"
    >
      <p className="font-medium">
        “{choice.name}” holds {choice.traces.length} agent traces. Pick the one to open as a session:
      </p>
      <ul className="mt-1 space-y-1">
        {choice.traces.map((trace) => (
          <li key={trace.traceId} className="flex flex-wrap items-center gap-2">
            <button
              type="button"
              className={primaryButtonClass}
              onClick={() => void importFile(choice.files, trace.traceId)}
            >
              Open trace {trace.name}
            </button>
            <span>
              {plural(trace.rounds, 'round')}, {plural(trace.toolCalls, 'tool call')}, started{' '}
              {new Date(trace.start).toISOString().replace('T', ' ').slice(0, 19)} UTC,{' '}
              <span className="font-mono">{trace.traceId}</span>
            </span>
          </li>
        ))}
      </ul>
      <button type="button" className={`${secondaryButtonClass} mt-2`} onClick={dismiss}>
        Cancel
      </button>
    </section>
  );
}

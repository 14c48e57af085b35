// Adds a breakpoint: on a tool, on any tool error, on a stop reason, or on round N. The tool is picked from the
// tools Loupe knows (connected servers', the run's), never typed, and the choice is cleared once it is added.
import { useState } from 'react';
import type { Breakpoint } from '../../engine/debug/pause-point';
import type { StopReason } from '../../engine/model/model';
import { Field } from '../common/field';
import { inputClass, secondaryButtonClass } from '../common/styles';
import type { KnownTool } from './use-known-tools';

type Kind = Breakpoint['kind'];
const STOP_REASONS: StopReason[] = ['end_turn', 'tool_use', 'max_tokens', 'stop_sequence', 'pause_turn', 'refusal'];

export function AddBreakpointForm({ tools, onAdd }: { tools: KnownTool[]; onAdd: (breakpoint: Breakpoint) => void }) {
  const [kind, setKind] = useState<Kind>('tool');
  const [toolName, setToolName] = useState('');
  const [stopReason, setStopReason] = useState<StopReason>('end_turn');
  const [round, setRound] = useState('1');
  const [problem, setProblem] = useState<string | null>(null);

  const add = (): void => {
    const id = crypto.randomUUID();
    if (kind === 'tool') {
      if (toolName === '')
        return setProblem(
          tools.length === 0 ? 'Connect a server first: its tools are listed here.' : 'Choose a tool first.',
        );
      onAdd({ id, enabled: true, kind, toolName });
      setToolName('');
    } else if (kind === 'round') {
      const value = Number(round);
      if (!Number.isInteger(value) || value < 1) return setProblem('The round is a whole number from 1.');
      onAdd({ id, enabled: true, kind, round: value });
    } else if (kind === 'stop-reason') onAdd({ id, enabled: true, kind, stopReason });
    else onAdd({ id, enabled: true, kind });
    setProblem(null);
  };

  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-2">
        <Field label="Breakpoint on">
          {(control) => (
            <select
              {...control}
              className={inputClass}
              value={kind}
              onChange={(event) => setKind(event.target.value as Kind)}
            >
              <option value="tool">a tool</option>
              <option value="tool-error">any tool error</option>
              <option value="stop-reason">a stop reason</option>
              <option value="round">round N</option>
            </select>
          )}
        </Field>
        {kind === 'tool' && (
          <Field label="Breakpoint tool">
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={toolName}
                onChange={(event) => setToolName(event.target.value)}
              >
                <option value="">{tools.length === 0 ? 'No tools yet: connect a server' : 'Choose a tool…'}</option>
                {tools.map((tool) => (
                  <option key={tool.name} value={tool.name}>
                    {tool.name}
                  </option>
                ))}
              </select>
            )}
          </Field>
        )}
        {kind === 'stop-reason' && (
          <Field label="Breakpoint stop reason">
            {(control) => (
              <select
                {...control}
                className={inputClass}
                value={stopReason}
                onChange={(event) => setStopReason(event.target.value as StopReason)}
              >
                {STOP_REASONS.map((reason) => (
                  <option key={reason}>{reason}</option>
                ))}
              </select>
            )}
          </Field>
        )}
        {kind === 'round' && (
          <Field label="Breakpoint round">
            {(control) => (
              <input
                {...control}
                type="number"
                min={1}
                className={inputClass}
                value={round}
                onChange={(event) => setRound(event.target.value)}
              />
            )}
          </Field>
        )}
      </div>
      {problem !== null && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-400">
          {problem}
        </p>
      )}
      <button type="button" className={secondaryButtonClass} onClick={add}>
        Add breakpoint
      </button>
    </div>
  );
}

// The `Protocol era` select of the server forms: which MCP revision Loupe speaks to a server.
import type { McpEraChoice } from '../../protocol/settings';
import { Field } from '../common/field';
import { inputClass } from '../common/styles';

const choices: { value: McpEraChoice; label: string }[] = [
  { value: 'auto', label: 'Auto (try 2026-07-28, fall back to 2025)' },
  { value: '2026-07-28', label: '2026-07-28 only' },
  { value: '2025', label: '2025 era (initialize)' },
];

export function ProtocolEraSelect({ value, onChange }: { value: McpEraChoice; onChange: (era: McpEraChoice) => void }) {
  return (
    <Field label="Protocol era">
      {(control) => (
        <select
          {...control}
          className={inputClass}
          value={value}
          onChange={(event) => onChange(event.target.value as McpEraChoice)}
        >
          {choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

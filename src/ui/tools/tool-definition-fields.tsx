// The three fields of a tool as the model sees it, with live problems; shared by the edit and local-tool dialogs.
import { useId } from 'react';
import { jsonSchemaDraft07 } from '../../protocol/json-schema-draft-07';
import { JsonEditor } from '../json-editor/json-editor';
import { inputClass, labelClass } from '../common/styles';
import type { ToolDraftText } from './tool-draft';

export function ToolDefinitionFields({
  draft,
  onChange,
  problems,
}: {
  draft: ToolDraftText;
  onChange: (draft: ToolDraftText) => void;
  problems: string[];
}) {
  const nameId = useId();
  const descriptionId = useId();
  const problemsId = useId();
  return (
    <div className="space-y-3">
      <div>
        <label htmlFor={nameId} className={labelClass}>
          Tool name
        </label>
        <input
          id={nameId}
          className={`${inputClass} font-mono`}
          spellCheck={false}
          value={draft.name}
          onChange={(event) => onChange({ ...draft, name: event.target.value })}
        />
      </div>
      <div>
        <label htmlFor={descriptionId} className={labelClass}>
          Tool description
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          className={inputClass}
          value={draft.description}
          onChange={(event) => onChange({ ...draft, description: event.target.value })}
        />
      </div>
      <div aria-describedby={problemsId}>
        <span className={labelClass}>Input schema</span>
        {/* Monaco marks meta-schema problems as you type; the list below decides whether the edit can be saved. */}
        <JsonEditor
          ariaLabel="Input schema"
          value={draft.schemaText}
          schema={jsonSchemaDraft07}
          height={220}
          onChange={(schemaText) => onChange({ ...draft, schemaText })}
        />
      </div>
      <div id={problemsId} aria-live="polite">
        {problems.length > 0 && (
          <ul
            aria-label="Problems"
            className="space-y-0.5 rounded-md bg-red-50 p-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300"
          >
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

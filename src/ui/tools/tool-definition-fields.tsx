// The three fields of a tool as the model sees it, with live problems; shared by the edit and local-tool dialogs.
import { useId, useMemo } from 'react';
import { jsonSchemaDraft07 } from '../../protocol/json-schema-draft-07';
import { describeUnfollowedRefs, prepareSchemaRefs } from '../../shared/prepare-schema-refs';
import { JsonEditor } from '../json-editor/json-editor';
import { Field } from '../common/field';
import { inputClass, labelClass } from '../common/styles';
import type { ToolDraftText } from './tool-draft';
import { ProblemList } from '../common/problem-list';

/** What the person should know about refs Loupe will not follow to another document (never a blocking problem). */
function remoteRefNotes(schemaText: string): string[] {
  let schema: unknown;
  try {
    schema = JSON.parse(schemaText);
  } catch {
    return [];
  }
  if (typeof schema !== 'object' || schema === null || Array.isArray(schema)) return [];
  const prepared = prepareSchemaRefs(schema as Record<string, unknown>);
  return prepared.ok ? describeUnfollowedRefs(prepared.unfollowed.filter((ref) => ref.why === 'remote')) : [];
}

export function ToolDefinitionFields({
  draft,
  onChange,
  problems,
}: {
  draft: ToolDraftText;
  onChange: (draft: ToolDraftText) => void;
  problems: string[];
}) {
  const problemsId = useId();
  const notes = useMemo(() => remoteRefNotes(draft.schemaText), [draft.schemaText]);
  return (
    <div className="space-y-3">
      <Field label="Tool name">
        {(control) => (
          <input
            {...control}
            className={`${inputClass} font-mono`}
            spellCheck={false}
            value={draft.name}
            onChange={(event) => onChange({ ...draft, name: event.target.value })}
          />
        )}
      </Field>
      <Field label="Tool description">
        {(control) => (
          <textarea
            {...control}
            rows={4}
            className={inputClass}
            value={draft.description}
            onChange={(event) => onChange({ ...draft, description: event.target.value })}
          />
        )}
      </Field>
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
        <ProblemList problems={problems} />
        {notes.length > 0 && (
          <ul aria-label="Schema notes" className="mt-1 list-disc pl-5 text-xs text-amber-800 dark:text-amber-300">
            {notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

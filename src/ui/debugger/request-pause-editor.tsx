// At a pause before a model request: the exact request that will be sent, editable, with its size per part.
import { useMemo, useState } from 'react';
import { PauseEditorHint } from './pause-editor-hint';
import type { PausePoint } from '../../engine/debug/pause-point';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { JsonEditor } from '../json-editor/json-editor';
import { requestSchema } from './pause-schemas';
import { RequestTokenSizes } from './request-token-sizes';
import { toRequestJson, toRequestPatch } from './request-json';

export function RequestPauseEditor({ point }: { point: Extract<PausePoint, { kind: 'before-request' }> }) {
  const original = useMemo(() => toRequestJson(point.request), [point.request]);
  const [text, setText] = useState(original);
  const setDraft = useLoupeStore((state) => state.setDraft);

  return (
    <div className="space-y-2">
      <RequestTokenSizes request={point.request} />
      <JsonEditor
        ariaLabel="Pending request"
        autoFocus
        value={text}
        height={320}
        schema={requestSchema}
        onChange={setText}
        onValidChange={(result, next) => {
          if (next === original) return setDraft(null);
          setDraft(
            result.valid
              ? {
                  decision: { type: 'edit-request', patch: toRequestPatch(result.value as Record<string, unknown>) },
                  problems: [],
                }
              : { decision: { type: 'continue' }, problems: result.problems },
          );
        }}
      />
      <PauseEditorHint
        hint={
          'Edit system, messages, tools, max_tokens, temperature or tool_choice; Step or Continue sends it as shown.'
        }
        edited={text !== original}
        onUndo={() => {
          setText(original);
          setDraft(null);
        }}
      />
    </div>
  );
}

// The one JSON editor of the app: Monaco, loaded on first use, validating against a JSON Schema as you type.
import { lazy, Suspense } from 'react';
import type { JsonEditorProps } from './json-editor-props';

export type { JsonValidation } from './validate-json';
export type { JsonEditorProps } from './json-editor-props';

const loadMonacoJsonEditor = () => import('./monaco-json-editor');
const MonacoJsonEditor = lazy(loadMonacoJsonEditor);

/**
 * Starts loading Monaco before the first editor renders (a run that can pause), so the editor at a pause exists,
 * and takes focus, as soon as the pause shows. A failed load shows at that editor instead.
 */
export function preloadJsonEditor(): void {
  loadMonacoJsonEditor().catch(() => undefined);
}

/**
 * A JSON editor (Monaco, bundled locally and imported only when the first editor renders). Until Monaco
 * has loaded, the text shows read-only in a plain text area with the same name.
 */
export function JsonEditor(props: JsonEditorProps) {
  const height = props.height ?? 240;
  return (
    <Suspense
      fallback={
        <textarea
          readOnly
          aria-label={props.ariaLabel}
          value={props.value}
          style={{ height }}
          className="w-full rounded-md border border-zinc-300 bg-zinc-50 p-2 font-mono text-xs dark:border-zinc-700 dark:bg-zinc-950"
        />
      }
    >
      <MonacoJsonEditor {...props} />
    </Suspense>
  );
}

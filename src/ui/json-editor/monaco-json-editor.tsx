// The Monaco half of JsonEditor, imported lazily so Monaco stays out of the first-load bundle.
import Editor from '@monaco-editor/react';
import { useEffect, useId, useState } from 'react';
import type { JsonEditorProps } from './json-editor-props';
import { setModelSchema } from './setup-monaco';
import { validateJson } from './validate-json';

function useDarkTheme(): boolean {
  const [dark, setDark] = useState(() => document.documentElement.classList.contains('dark'));
  useEffect(() => {
    const observer = new MutationObserver(() => setDark(document.documentElement.classList.contains('dark')));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return dark;
}

export default function MonacoJsonEditor(props: JsonEditorProps) {
  const {
    value,
    onChange,
    onValidChange,
    schema,
    height = 240,
    ariaLabel,
    readOnly = false,
    autoFocus = false,
  } = props;
  const id = useId().replace(/[^a-zA-Z0-9]/g, '');
  const path = `inmemory://loupe/${id}.json`;
  const dark = useDarkTheme();

  useEffect(() => setModelSchema(path, schema), [path, schema]);
  useEffect(() => {
    onValidChange?.(validateJson(value, schema), value);
    // Re-validate when the schema changes too; the value path is covered by onChange below.
  }, [schema]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <div className="overflow-hidden rounded-md border border-zinc-300 dark:border-zinc-700">
      <Editor
        path={path}
        language="json"
        value={value}
        height={height}
        theme={dark ? 'vs-dark' : 'vs'}
        loading={<p className="p-2 text-xs text-zinc-600 dark:text-zinc-400">Loading the editor…</p>}
        options={{
          ariaLabel,
          readOnly,
          minimap: { enabled: false },
          fontSize: 12,
          lineNumbers: 'on',
          scrollBeyondLastLine: false,
          wordWrap: 'on',
          tabSize: 2,
          automaticLayout: true,
          fixedOverflowWidgets: true,
          // Typing a JSON value over a selection must give exactly what was typed (issue 41: auto-closing left
          // a stray `"}` after a pasted or typed object); validation would catch it, but it is a trap.
          autoClosingBrackets: 'never',
          autoClosingQuotes: 'never',
          autoSurround: 'never',
          autoClosingOvertype: 'never',
        }}
        onMount={(editor) => {
          if (autoFocus) editor.focus();
        }}
        onChange={(next) => {
          const text = next ?? '';
          onChange?.(text);
          onValidChange?.(validateJson(text, schema), text);
        }}
      />
    </div>
  );
}

// What a JSON editor takes, whichever implementation renders it. Types only.
import type { JsonValidation } from './validate-json';

export interface JsonEditorProps {
  /** The JSON text (controlled). */
  value: string;
  onChange?: (value: string) => void;
  /** Called on every change with the parsed value (when it parses and matches `schema`) or the problems, and the text. */
  onValidChange?: (result: JsonValidation, text: string) => void;
  /** JSON Schema the text must match (draft 2020-12 / draft-07); absent = any JSON. */
  schema?: Record<string, unknown>;
  /** CSS height (number = px). Default 240. */
  height?: number | string;
  /** The editor's accessible name. */
  ariaLabel: string;
  readOnly?: boolean;
  /** Take the keyboard focus once the editor is ready (a pause's editor does, so typing edits at once). */
  autoFocus?: boolean;
}

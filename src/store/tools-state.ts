// What the tools slice holds and does. Types only.
import type { LocalToolDefinition, ToolOverride, ToolSelection } from '../protocol/tool-settings';

export interface ToolsSlice {
  toolSelection: ToolSelection;
  /** Sets (or with undefined, resets) what the model sees of the tool at `key`. */
  setToolOverride: (key: string, override: ToolOverride | undefined) => void;
  setToolEnabled: (key: string, enabled: boolean) => void;
  /** Marks the tool at `key` read-only or not (eager start, default approval); undefined follows the server. */
  setToolReadOnly: (key: string, readOnly: boolean | undefined) => void;
  /** Adds a local tool, or replaces the one with the same id. */
  saveLocalTool: (definition: LocalToolDefinition) => void;
  removeLocalTool: (id: string) => void;
}

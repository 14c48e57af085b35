// Tool choices for the next run: overrides of what the model sees, switches and local tools; kept on this device.
import type { ToolSelection } from '../protocol/tool-settings';
import { emptyToolSelection, localToolKey } from '../protocol/tool-settings';
import type { GetLoupeState, SetLoupeState, SliceDependencies } from './loupe-state';
import { loadToolSelection, saveToolSelection } from './persist-tool-selection';
import type { ToolsSlice } from './tools-state';

export type { ToolsSlice } from './tools-state';

export function createToolsSlice(set: SetLoupeState, get: GetLoupeState, deps: SliceDependencies): ToolsSlice {
  const change = (next: (selection: ToolSelection) => ToolSelection) => {
    set((state) => ({ toolSelection: next(state.toolSelection) }));
    saveToolSelection(deps.storage, get().toolSelection);
  };
  return {
    toolSelection: loadToolSelection(deps.storage) ?? emptyToolSelection,
    setToolOverride: (key, override) =>
      change((selection) => {
        const { [key]: _previous, ...others } = selection.overrides;
        return { ...selection, overrides: override === undefined ? others : { ...others, [key]: override } };
      }),
    setToolReadOnly: (key, readOnly) =>
      change((selection) => {
        const { [key]: _previous, ...others } = selection.readOnly ?? {};
        return { ...selection, readOnly: readOnly === undefined ? others : { ...others, [key]: readOnly } };
      }),
    setToolEnabled: (key, enabled) =>
      change((selection) => {
        const disabled = selection.disabled.filter((item) => item !== key);
        return { ...selection, disabled: enabled ? disabled : [...disabled, key] };
      }),
    saveLocalTool: (definition) =>
      change((selection) => {
        const exists = selection.localTools.some((tool) => tool.id === definition.id);
        const localTools = exists
          ? selection.localTools.map((tool) => (tool.id === definition.id ? definition : tool))
          : [...selection.localTools, definition];
        return { ...selection, localTools };
      }),
    removeLocalTool: (id) =>
      change((selection) => ({
        ...selection,
        localTools: selection.localTools.filter((tool) => tool.id !== id),
        disabled: selection.disabled.filter((key) => key !== localToolKey(id)),
      })),
  };
}

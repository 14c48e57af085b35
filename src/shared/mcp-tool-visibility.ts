// MCP Apps: who may see a tool — the model, the apps of its server, or both. Pure data, imports nothing.

/** Who may see a tool: the model, an app of its server, or both (the default). */
export type McpToolVisibility = 'model' | 'app';

/** A tool's app: the `ui://` resource it renders and who may call it (`_meta.ui` of its definition). */
export interface ToolAppInfo {
  resourceUri?: string;
  /** Default `['model', 'app']`. A tool without `model` is never sent to the model. */
  visibility: McpToolVisibility[];
}

/** Whether a tool with `app` (absent: an ordinary tool) is sent to the model. */
export function isVisibleToModel(app: ToolAppInfo | undefined): boolean {
  return app === undefined || app.visibility.includes('model');
}

/** Whether an app of the tool's server may call a tool with `app` (absent: an ordinary tool, which it may). */
export function isVisibleToApps(app: ToolAppInfo | undefined): boolean {
  return app === undefined || app.visibility.includes('app');
}

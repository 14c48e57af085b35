// Reads the MCP Apps parts of a tool definition (`_meta.ui`) and the UI extension Loupe's client declares.
import type { Tool as McpToolDefinition } from '@modelcontextprotocol/client';
import type { McpToolVisibility, ToolAppInfo } from '../../shared/mcp-tool-visibility';
import { isRecord } from '../../shared/is-record';

/** The extension's id, as clients declare it under `capabilities.extensions`. */
export const MCP_UI_EXTENSION_ID = 'io.modelcontextprotocol/ui';

/** The MIME type of an MCP App page (HTML). */
export const MCP_APP_MIME_TYPE = 'text/html;profile=mcp-app';

/** What Loupe's client declares: it renders MCP App pages (`capabilities.extensions`). */
export const mcpUiExtensionCapability = { [MCP_UI_EXTENSION_ID]: { mimeTypes: [MCP_APP_MIME_TYPE] } };

/**
 * The tool's app from `_meta.ui` (`resourceUri`, `visibility`), also accepting the older flat key
 * `_meta["ui/resourceUri"]`. A resource URI that is not `ui://…` is ignored; visibility values other than
 * `model` and `app` are dropped, and an empty or absent list means both. Undefined for an ordinary tool.
 */
export function readToolApp(definition: Pick<McpToolDefinition, '_meta'>): ToolAppInfo | undefined {
  const meta = definition._meta;
  if (!isRecord(meta)) return undefined;
  const ui = isRecord(meta['ui']) ? meta['ui'] : undefined;
  const uri = ui?.['resourceUri'] ?? meta['ui/resourceUri'];
  const resourceUri = typeof uri === 'string' && uri.startsWith('ui://') && uri.length <= 2048 ? uri : undefined;
  const listed = Array.isArray(ui?.['visibility']) ? (ui['visibility'] as unknown[]) : [];
  const visibility = [
    ...new Set(listed.filter((value): value is McpToolVisibility => value === 'model' || value === 'app')),
  ];
  if (resourceUri === undefined && ui === undefined) return undefined;
  return {
    ...(resourceUri === undefined ? {} : { resourceUri }),
    visibility: visibility.length === 0 ? ['model', 'app'] : visibility,
  };
}

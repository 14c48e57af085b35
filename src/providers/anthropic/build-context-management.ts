// Context management (beta) as the request's `context_management`, and the beta headers a request's body needs. Pure.
import type { BetaContextManagementConfig } from '@anthropic-ai/sdk/resources/beta/messages/messages';
import type { ContextManagementSettings } from '../../shared/api-tool-settings';

/** Beta headers, by the body field that needs them (names from the SDK's `AnthropicBeta`). */
export const ANTHROPIC_BETAS = {
  contextManagement: 'context-management-2025-06-27',
  compact: 'compact-2026-01-12',
  mcpClient: 'mcp-client-2025-11-20',
} as const;

type Edit = NonNullable<BetaContextManagementConfig['edits']>[number];

/**
 * The edits switched on, or nothing. `clear_thinking` goes first (the API requires it first when edits are
 * combined) and only when thinking is on (the API refuses it otherwise); empty numbers leave the API's defaults.
 */
export function buildContextManagement(
  settings: ContextManagementSettings | undefined,
  thinkingOn: boolean,
): BetaContextManagementConfig | undefined {
  if (settings === undefined) return undefined;
  const edits: Edit[] = [];
  const { clearThinking, clearToolUses, compact } = settings;
  if (clearThinking.enabled && thinkingOn)
    edits.push({
      type: 'clear_thinking_20251015',
      ...(clearThinking.keepTurns === undefined
        ? {}
        : { keep: { type: 'thinking_turns', value: clearThinking.keepTurns } }),
    });
  if (clearToolUses.enabled)
    edits.push({
      type: 'clear_tool_uses_20250919',
      ...(clearToolUses.triggerInputTokens === undefined
        ? {}
        : { trigger: { type: 'input_tokens', value: clearToolUses.triggerInputTokens } }),
      ...(clearToolUses.keepToolUses === undefined
        ? {}
        : { keep: { type: 'tool_uses', value: clearToolUses.keepToolUses } }),
      ...(clearToolUses.clearAtLeastTokens === undefined
        ? {}
        : { clear_at_least: { type: 'input_tokens', value: clearToolUses.clearAtLeastTokens } }),
      ...(clearToolUses.clearToolInputs ? { clear_tool_inputs: true } : {}),
    });
  if (compact.enabled)
    edits.push({
      type: 'compact_20260112',
      ...(compact.triggerInputTokens === undefined
        ? {}
        : { trigger: { type: 'input_tokens', value: compact.triggerInputTokens } }),
    });
  return edits.length === 0 ? undefined : { edits };
}

/**
 * The `anthropic-beta` values a request body needs, read from the body itself, so a header is sent exactly when
 * the feature that needs it is in the request (and never otherwise).
 */
export function betasFor(body: {
  context_management?: BetaContextManagementConfig;
  mcp_servers?: unknown[];
}): string[] {
  const betas: string[] = [];
  const edits = body.context_management?.edits ?? [];
  if (edits.some((edit) => edit.type !== 'compact_20260112')) betas.push(ANTHROPIC_BETAS.contextManagement);
  if (edits.some((edit) => edit.type === 'compact_20260112')) betas.push(ANTHROPIC_BETAS.compact);
  if ((body.mcp_servers?.length ?? 0) > 0) betas.push(ANTHROPIC_BETAS.mcpClient);
  return betas;
}

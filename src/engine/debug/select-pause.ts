// Pure: which pause points a debug policy selects, and why. No I/O.
import { describeBreakpoint } from '../../shared/describe-breakpoint';
import { ownValue } from '../../shared/own-keys';
import type { Tool } from '../tool/tool';
import type { Breakpoint, DebugPolicy, PausePayload, PauseReason, ToolApproval } from './pause-point';

/** What the policy says about one pause point: the reasons to stop (none = go on), or deny the call. */
export interface PauseSelection {
  reasons: PauseReason[];
  /** A `before-tool` point whose tool is set to `deny`: answered `denied` without pausing. */
  deny: boolean;
}

/**
 * The approval that applies to `name`: this session's answer, else its own setting, else `ask` for MCP tools
 * not marked read-only.
 */
export function resolveApproval(policy: DebugPolicy, name: string, tool: Tool | undefined): ToolApproval {
  if (!policy.approval.enabled) return 'auto';
  // Own entries only: a tool named `constructor` or `toString` must not find Object.prototype's and skip `ask`.
  const own = ownValue(policy.approval.session, name) ?? ownValue(policy.approval.tools, name);
  if (own !== undefined) return own;
  if (tool?.origin.kind === 'mcp' && tool.annotations?.readOnlyHint !== true) return 'ask';
  return 'auto';
}

function hits(breakpoint: Breakpoint, payload: PausePayload): boolean {
  if (!breakpoint.enabled) return false;
  switch (breakpoint.kind) {
    case 'tool':
      return payload.kind === 'before-tool' && payload.name === breakpoint.toolName;
    case 'compaction':
      return payload.kind === 'before-compaction';
    case 'tool-error':
      return payload.kind === 'after-tool' && payload.isError;
    case 'stop-reason':
      return payload.kind === 'after-reply' && payload.stopReason === breakpoint.stopReason;
    case 'round':
      return payload.kind === 'before-request' && payload.round === breakpoint.round;
  }
}

/**
 * ENGINE-SPEC rule 21–22: `step` mode stops everywhere, `next-round` before the next request; enabled
 * breakpoints stop where they match; a call whose approval is `ask` stops before it runs, `deny` is
 * refused without stopping. `tool` is the resolved tool of a `before-tool` point (absent if unknown).
 */
export function selectPause(policy: DebugPolicy, payload: PausePayload, tool?: Tool): PauseSelection {
  const reasons: PauseReason[] = [];
  if (policy.mode === 'step' || (policy.mode === 'next-round' && payload.kind === 'before-request')) {
    reasons.push({ kind: 'step' });
  }
  for (const breakpoint of policy.breakpoints) {
    if (hits(breakpoint, payload)) {
      reasons.push({ kind: 'breakpoint', breakpointId: breakpoint.id, label: describeBreakpoint(breakpoint) });
    }
  }
  if (payload.kind !== 'before-tool') return { reasons, deny: false };
  const approval = resolveApproval(policy, payload.name, tool);
  if (approval === 'deny') return { reasons: [], deny: true };
  if (approval === 'ask') reasons.push({ kind: 'approval', toolName: payload.name });
  return { reasons, deny: false };
}

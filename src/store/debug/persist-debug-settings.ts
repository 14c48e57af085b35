// The debugger settings (step mode, breakpoints, approval) kept on this device; a bad entry is ignored.
import type { Breakpoint, ToolApproval } from '../../engine/debug/pause-point';
import { DEFAULT_DEBUG_SETTINGS, type DebugSettings } from '../../protocol/debug-messages';
import { isRecord } from '../../shared/is-record';

const KEY = 'loupe.debug.v1';

function isBreakpoint(value: unknown): value is Breakpoint {
  if (!isRecord(value) || typeof value['id'] !== 'string' || typeof value['enabled'] !== 'boolean') return false;
  switch (value['kind']) {
    case 'tool':
      return typeof value['toolName'] === 'string';
    case 'tool-error':
    case 'compaction':
      return true;
    case 'stop-reason':
      return typeof value['stopReason'] === 'string';
    case 'round':
      return Number.isInteger(value['round']);
    default:
      return false;
  }
}

/** The remembered settings, or the defaults when none (or an unreadable entry) is stored. */
export function loadDebugSettings(storage: Storage | undefined): DebugSettings {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(KEY) ?? 'null');
    if (!isRecord(raw)) return DEFAULT_DEBUG_SETTINGS;
    const approval = isRecord(raw['approval']) ? raw['approval'] : {};
    const tools = isRecord(approval['tools']) ? approval['tools'] : {};
    return {
      stepMode: raw['stepMode'] === true,
      breakpoints: Array.isArray(raw['breakpoints']) ? raw['breakpoints'].filter(isBreakpoint) : [],
      approval: {
        enabled: approval['enabled'] === true,
        tools: Object.fromEntries(
          Object.entries(tools).filter((entry): entry is [string, ToolApproval] =>
            ['auto', 'ask', 'deny'].includes(String(entry[1])),
          ),
        ),
      },
    };
  } catch {
    return DEFAULT_DEBUG_SETTINGS;
  }
}

/** Stores `settings`, less the answers meant for this session only. */
export function saveDebugSettings(storage: Storage | undefined, settings: DebugSettings): void {
  const { session: _forThisSession, ...approval } = settings.approval;
  try {
    storage?.setItem(KEY, JSON.stringify({ ...settings, approval }));
  } catch {
    // Storage full or blocked: the settings still apply for this session.
  }
}

// The debugger settings a run starts with: step mode, breakpoints, approval. Types and the default.
import type { Breakpoint, ToolApproval } from '../engine/debug/pause-point';

export interface DebugSettings {
  /** New runs start stepping (pause at every point). */
  stepMode: boolean;
  breakpoints: Breakpoint[];
  /** `session`: answers given at a pause for this page session; never stored. */
  approval: { enabled: boolean; tools: Record<string, ToolApproval>; session?: Record<string, ToolApproval> };
}

/** Debugger settings with nothing on: runs go straight through. */
export const DEFAULT_DEBUG_SETTINGS: DebugSettings = {
  stepMode: false,
  breakpoints: [],
  approval: { enabled: false, tools: {} },
};

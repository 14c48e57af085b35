// What the demo model answers with, whichever plan made it (the weather flow or the outlook task).
import type { StopReason } from '../../engine/model/model';

export type DemoBlock =
  { type: 'text'; text: string } | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> };

export interface DemoReply {
  content: DemoBlock[];
  stopReason: StopReason;
}

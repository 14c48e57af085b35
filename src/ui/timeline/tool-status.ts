// A tool call's status as a word and a colour.
import type { ToolCallStatus } from '../../store/run-view';
import type { BadgeTone } from '../common/status-badge';

export function toolStatusTone(status: ToolCallStatus): BadgeTone {
  if (status === 'ok') return 'ok';
  if (status === 'running' || status === 'pending' || status === 'queued') return 'busy';
  if (status === 'truncated') return 'neutral';
  if (status === 'dropped') return 'neutral';
  return 'error';
}

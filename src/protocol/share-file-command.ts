// The command that builds a file to share from a run (issue 35): types only; the builders load in the worker.
import type { ServerTraffic } from '../engine/har/traffic-to-har';
import type { Transcript } from '../engine/transcript/transcript';

/**
 * `html`: one self-contained HTML file of `transcript`. `har`: the model calls of `transcripts` and the MCP traffic
 * of `traffic` (each server's URL already redacted) as one HAR 1.2 file. The caller redacts the person's secrets
 * first, as for every export; the HAR's headers are redacted by name as well.
 */
export type ShareFileCommand =
  | { type: 'share-file-build'; format: 'html'; transcript: Transcript }
  | { type: 'share-file-build'; format: 'har'; transcripts: Transcript[]; traffic: ServerTraffic[] };

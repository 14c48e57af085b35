// Pure: a curl command that sends a round's request again. The key is a shell variable, never the real key.
import type { Transcript, TranscriptRound } from '../../engine/transcript/transcript';
import { buildRoundRequest, messagesEndpoint } from './build-round-request';

/**
 * `curl` for `round`, ready to paste in a shell with `ANTHROPIC_API_KEY` set. The body goes through a
 * quoted here-document, so nothing in it (quotes, `$`, backticks) is interpreted by the shell.
 */
export function buildCurlCommand(transcript: Transcript, round: TranscriptRound): string {
  const body = JSON.stringify(buildRoundRequest(transcript, round), null, 2);
  const fence = body.includes('\nLOUPE_JSON\n') ? 'LOUPE_JSON_END' : 'LOUPE_JSON';
  return [
    `curl ${messagesEndpoint(transcript)} \\`,
    '  -H "x-api-key: $ANTHROPIC_API_KEY" \\',
    '  -H "anthropic-version: 2023-06-01" \\',
    '  -H "content-type: application/json" \\',
    `  --data-binary @- <<'${fence}'`,
    body,
    fence,
  ].join('\n');
}

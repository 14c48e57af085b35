// Pure: a TypeScript program using the official SDK that sends a round's request again.
import type { Transcript, TranscriptRound } from '../../engine/transcript/transcript';
import { buildRoundRequest } from './build-round-request';

/** A runnable `.ts` file (`npx tsx round.ts`) that reproduces `round` with `@anthropic-ai/sdk`. */
export function buildSdkSnippet(transcript: Transcript, round: TranscriptRound): string {
  const baseUrl = transcript.settings.baseUrl;
  const options = baseUrl === undefined ? '' : `{ baseURL: ${JSON.stringify(baseUrl)} }`;
  return [
    `// Round ${round.round} of Loupe run ${transcript.runId}, as sent. Needs ANTHROPIC_API_KEY in the environment.`,
    "import Anthropic from '@anthropic-ai/sdk';",
    '',
    `const client = new Anthropic(${options});`,
    '',
    `const message = await client.messages.create(${JSON.stringify(buildRoundRequest(transcript, round), null, 2)});`,
    '',
    'console.log(message.stop_reason, JSON.stringify(message.content, null, 2));',
    '',
  ].join('\n');
}

// Pure: the Messages API request body a transcript round sent, rebuilt from the transcript.
import type { Transcript, TranscriptRound } from '../../engine/transcript/transcript';

/** The `POST /v1/messages` body of `round`: the history it was sent with, the system prompt and tools as sent. */
export function buildRoundRequest(transcript: Transcript, round: TranscriptRound): Record<string, unknown> {
  const { request } = round;
  return {
    model: request.model,
    max_tokens: request.maxTokens,
    ...(request.system === undefined ? {} : { system: request.system }),
    ...(request.temperature === undefined ? {} : { temperature: request.temperature }),
    ...(request.toolChoice === undefined ? {} : { tool_choice: request.toolChoice }),
    tools: transcript.tools.filter((tool) => request.toolNames.includes(tool.name)),
    messages: transcript.messages.slice(0, request.messageCount),
  };
}

/** The Messages API endpoint for the transcript's base URL (the public API when none was set). */
export function messagesEndpoint(transcript: Transcript): string {
  const base = (transcript.settings.baseUrl ?? 'https://api.anthropic.com').replace(/\/+$/, '');
  return `${base}/v1/messages`;
}

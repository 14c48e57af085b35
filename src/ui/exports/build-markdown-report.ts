// Pure: a readable Markdown report of a run — settings, system prompt, tools, every round, the answer.
import type { ContentBlock, ToolResultContentBlock } from '../../engine/message/message';
import type { Transcript, TranscriptRound } from '../../engine/transcript/transcript';
import { redactUrl } from '../../shared/redact-url';
import { roundOffsetOf } from '../../store/round-offset';

/** The whole run as Markdown. Images are listed, not embedded (a report stays small and safe to share). */
export function buildMarkdownReport(transcript: Transcript): string {
  const { settings, usage } = transcript;
  const lines = [
    `# Loupe run ${transcript.runId}`,
    '',
    `- **Started:** ${transcript.createdAt}`,
    `- **Model:** ${settings.provider} · ${settings.model}${settings.baseUrl ? ` (${redactUrl(settings.baseUrl)})` : ''}`,
    `- **Limits:** ${settings.maxRounds} rounds, ${settings.maxTokens} max tokens${settings.temperature === undefined ? '' : `, temperature ${settings.temperature}`}`,
    `- **Finished:** ${transcript.finishReason ?? 'not finished'}${transcript.error ? ` — ${transcript.error.message}` : ''}`,
    `- **Tokens:** ${usage.inputTokens} in / ${usage.outputTokens} out`,
    `- **Servers:** ${transcript.servers.map((server) => `${server.name} (${redactUrl(server.url)})`).join(', ') || 'none'}`,
    '',
  ];
  if (transcript.system !== undefined) lines.push('## System prompt', '', fence(transcript.system), '');
  lines.push('## Tools', '');
  for (const tool of transcript.tools) lines.push(`- \`${tool.name}\` — ${tool.description.split('\n')[0] ?? ''}`);
  if (transcript.tools.length === 0) lines.push('None.');
  lines.push('', '## Prompt', '', ...firstUserText(transcript), '');
  const offset = transcriptRoundOffset(transcript);
  if (offset > 0) {
    const parent = transcript.branches?.find((branch) => branch.runId === transcript.branch?.parentRunId);
    lines.push(
      `_Rounds 1–${offset} are those of “${parent?.name ?? 'the parent run'}”; this fork's rounds follow._`,
      '',
    );
  }
  for (const round of transcript.rounds) lines.push(...roundSection(round, offset));
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Rounds a forked run inherited (its `branch` and its family's `branches`): a fork keeps the original numbers. */
export function transcriptRoundOffset(transcript: Transcript): number {
  if (transcript.branch === undefined) return 0;
  const links = [{ runId: transcript.runId, ...transcript.branch }, ...(transcript.branches ?? [])];
  return roundOffsetOf(links, transcript.runId);
}

function roundSection(round: TranscriptRound, offset: number): string[] {
  const response = round.response;
  const meta = response
    ? `stop reason \`${response.stopReason ?? 'none'}\` · ${response.usage.inputTokens} in / ${response.usage.outputTokens} out · ${response.timing.durationMs} ms`
    : 'no reply';
  const lines = [`## Round ${round.round + offset}`, '', `_${meta}_`, ''];
  for (const block of response?.content ?? []) {
    const text = describeBlock(block);
    if (text !== '') lines.push(text, '');
  }
  for (const call of round.toolCalls) {
    lines.push(
      `### \`${call.name}\` — ${call.status} (${call.timing.durationMs} ms)`,
      '',
      'Input:',
      '',
      fence(JSON.stringify(call.input, null, 2), 'json'),
      '',
      'Result:',
      '',
      fence(resultText(call.content)),
      '',
    );
  }
  return lines;
}

function describeBlock(block: ContentBlock): string {
  if (block.type === 'text') return block.text;
  if (block.type === 'thinking') return `> _Thinking:_ ${block.thinking.replaceAll('\n', '\n> ')}`;
  if (block.type === 'redacted_thinking') return '> _Redacted thinking (encrypted by the API)_';
  return '';
}

function resultText(content: readonly ToolResultContentBlock[]): string {
  return (
    content
      .map((part) => (part.type === 'text' ? part.text : `[${part.type}: ${part.source.media_type}]`))
      .join('\n') || '(empty)'
  );
}

function firstUserText(transcript: Transcript): string[] {
  const first = transcript.messages.find((message) => message.role === 'user');
  return (first?.content ?? []).flatMap((block) => (block.type === 'text' ? [block.text] : []));
}

/** A fenced block long enough that the content cannot close it early. */
function fence(text: string, language = ''): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((match) => match[0].length));
  const marks = '`'.repeat(longest + 1);
  return `${marks}${language}\n${text}\n${marks}`;
}

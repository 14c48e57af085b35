// Pure: a readable Markdown report of a run — settings, system prompt, tools, every round, the answer.
import type { ApiJsonObject, ContentBlock, ToolResultContentBlock } from '../../engine/message/message';
import type { Transcript, TranscriptRound } from '../../engine/transcript/transcript';
import { redactUrl } from '../../shared/redact-url';
import { roundOffsetOf } from '../../store/round-offset';
import { codeSpan, fence, inlineText, modelMarkdown } from './escape-markdown';

/**
 * The whole run as Markdown. Images are listed, not embedded (a report stays small and safe to share). Every
 * value from the transcript is inert: names and settings escaped, model text kept as Markdown only when it can
 * render no HTML, link or image (else fenced), inputs, results and the system prompt fenced.
 */
export function buildMarkdownReport(transcript: Transcript): string {
  const { settings, usage } = transcript;
  const lines = [
    `# Loupe run ${inlineText(transcript.runId)}`,
    '',
    `- **Started:** ${inlineText(transcript.createdAt)}`,
    `- **Model:** ${inlineText(settings.provider)} · ${inlineText(settings.model)}${settings.baseUrl ? ` (${inlineText(redactUrl(settings.baseUrl))})` : ''}`,
    `- **Limits:** ${settings.maxRounds} rounds, ${settings.maxTokens} max tokens${settings.temperature === undefined ? '' : `, temperature ${settings.temperature}`}`,
    `- **Finished:** ${inlineText(transcript.finishReason ?? 'not finished')}${transcript.error ? ` — ${inlineText(transcript.error.message)}` : ''}`,
    `- **Tokens:** ${usage.inputTokens} in / ${usage.outputTokens} out`,
    `- **Servers:** ${transcript.servers.map((server) => `${inlineText(server.name)} (${inlineText(redactUrl(server.url))})`).join(', ') || 'none'}`,
    '',
  ];
  if (transcript.system !== undefined) lines.push('## System prompt', '', fence(transcript.system), '');
  lines.push('## Tools', '');
  for (const tool of transcript.tools) {
    lines.push(`- ${codeSpan(tool.name)} — ${inlineText(tool.description.split('\n')[0] ?? '')}`);
  }
  if (transcript.tools.length === 0) lines.push('None.');
  lines.push('', '## Prompt', '', ...firstUserText(transcript), '');
  const offset = transcriptRoundOffset(transcript);
  if (offset > 0) {
    const parent = transcript.branches?.find((branch) => branch.runId === transcript.branch?.parentRunId);
    lines.push(
      `_Rounds 1–${offset} are those of “${inlineText(parent?.name ?? 'the parent run')}”; this fork's rounds follow._`,
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
    ? `stop reason ${codeSpan(response.stopReason ?? 'none')} · ${response.usage.inputTokens} in / ${response.usage.outputTokens} out · ${response.timing.durationMs} ms`
    : 'no reply';
  const lines = [`## Round ${round.round + offset}`, '', `_${meta}_`, ''];
  for (const block of response?.content ?? []) {
    const text = describeBlock(block);
    if (text !== '') lines.push(text, '');
  }
  for (const call of round.toolCalls) {
    lines.push(
      `### ${codeSpan(call.name)} — ${inlineText(call.status)} (${call.timing.durationMs} ms)`,
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
  if (block.type === 'text') return modelMarkdown(block.text) + describeCitations(block.citations);
  // The API's own blocks (server tools, MCP connector, compaction, unknown types): named, their JSON fenced.
  if (block.type === 'api_block')
    return `_Block of the API's own:_ ${codeSpan(block.block.type)}\n\n${fence(JSON.stringify(block.block, null, 2), 'json')}`;
  if (block.type === 'thinking') return `> _Thinking:_\n>\n> ${modelMarkdown(block.thinking).replaceAll('\n', '\n> ')}`;
  if (block.type === 'redacted_thinking') return '> _Redacted thinking (encrypted by the API)_';
  return '';
}

/** A text's cited sources as plain lines (titles and URLs as text, never links: a report renders no link). */
function describeCitations(citations: readonly ApiJsonObject[] | undefined): string {
  if (citations === undefined || citations.length === 0) return '';
  const lines = citations.map((citation) => {
    const title = typeof citation.title === 'string' ? citation.title : 'source';
    const url = typeof citation.url === 'string' ? ` ${codeSpan(citation.url)}` : '';
    const cited = typeof citation.cited_text === 'string' ? ` — “${inlineText(citation.cited_text)}”` : '';
    return `- ${inlineText(title)}${url}${cited}`;
  });
  return `\n\nSources:\n\n${lines.join('\n')}`;
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
  return (first?.content ?? []).flatMap((block) => (block.type === 'text' ? [modelMarkdown(block.text)] : []));
}

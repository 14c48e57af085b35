// Pure: a run as one self-contained HTML file — a read-only view that loads nothing (its CSP forbids any request,
// and it has no script), with the transcript embedded as a data block so Import transcript brings the run back.
import type { Message } from '../message/message';
import type { Transcript, TranscriptRound } from '../transcript/transcript';
import { escapeHtml, escapeJsonForHtml } from './escape-html';
import { HTML_FILE_STYLE, HTML_FILE_STYLE_HASH } from './html-file-style';
import { renderBlock, renderToolCall } from './render-html-blocks';

/** The id of the embedded transcript's data block (read back by readHtmlFile). */
export const HTML_TRANSCRIPT_ID = 'loupe-transcript';

/**
 * No request of any kind (default-src 'none'), images only from the file itself (data:), the one stylesheet by its
 * hash; no base URL or form target an injected tag could use.
 */
export const HTML_FILE_CSP = `default-src 'none'; img-src data:; style-src ${HTML_FILE_STYLE_HASH}; base-uri 'none'; form-action 'none'`;

const tokens = (value: number) => value.toLocaleString('en-US');

function renderMessage(message: Message): string {
  return message.content.map(renderBlock).join('');
}

function renderRound(round: TranscriptRound): string {
  const response = round.response;
  const usage = response ? `${tokens(response.usage.inputTokens)} in, ${tokens(response.usage.outputTokens)} out` : '';
  const facts = [
    `model ${round.request.model}`,
    response ? `stop ${response.stopReason ?? 'none'}` : 'no response',
    usage,
    response ? `${response.timing.durationMs} ms` : '',
  ].filter((fact) => fact !== '');
  return `<article aria-label="Round ${round.round}"><h2>Round ${round.round}</h2><p>${escapeHtml(facts.join(' · '))}</p>
${response ? response.content.map(renderBlock).join('') : ''}${round.toolCalls.map(renderToolCall).join('')}</article>`;
}

/** The run's cost at its recorded price (USD per million tokens), or undefined when it had none. */
function costOf(transcript: Transcript): string | undefined {
  const price = transcript.settings.price;
  if (price === undefined) return undefined;
  const { inputTokens, outputTokens } = transcript.usage;
  return `$${((inputTokens * price.input + outputTokens * price.output) / 1_000_000).toFixed(4)}`;
}

/** The file's text. `transcript` should already be redacted as exports are (the caller's redaction). */
export function buildHtmlFile(transcript: Transcript): string {
  const { settings, usage } = transcript;
  const firstAssistant = transcript.messages.findIndex((message) => message.role === 'assistant');
  const prompt = transcript.messages.slice(0, firstAssistant === -1 ? undefined : firstAssistant);
  const cost = costOf(transcript);
  const facts: [string, string][] = [
    ['Provider', settings.provider],
    ['Model', settings.model],
    ['Created', transcript.createdAt],
    ['Status', transcript.finishReason ?? 'not finished'],
    ['Rounds', String(transcript.rounds.length)],
    ['Tokens', `${tokens(usage.inputTokens)} in, ${tokens(usage.outputTokens)} out`],
    ...(cost === undefined ? [] : [['Cost', cost] as [string, string]]),
  ];
  const title = `Loupe run ${transcript.runId.slice(0, 8)}`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${HTML_FILE_CSP}">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${HTML_FILE_STYLE}</style></head>
<body><main aria-label="Run">
<header><h1>${escapeHtml(title)}</h1><dl>${facts.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('')}</dl>
<p class="note">Exported from Loupe: a read-only view. Import this file with Import transcript to open the run again.</p></header>
${transcript.system === undefined ? '' : `<section aria-label="System prompt"><h2>System prompt</h2><pre>${escapeHtml(transcript.system)}</pre></section>`}
<section aria-label="Prompt"><h2>Prompt</h2>${prompt.map(renderMessage).join('')}</section>
<section aria-label="Timeline">${transcript.rounds.map(renderRound).join('\n')}</section>
</main>
<script type="application/json" id="${HTML_TRANSCRIPT_ID}">${escapeJsonForHtml(JSON.stringify(transcript))}</script>
</body></html>
`;
}

// The loaded model's "chat template" fact in words: its format, and which track its tool calls take. Pure.
import type { InBrowserModelInfo } from '../../../protocol/in-browser-messages';

/** E.g. `chatml · tool calls in the model's own format (hermes)`, or `… in Loupe's prompted format`. */
export function describeChatTemplateFact(info: Pick<InBrowserModelInfo, 'chatFormat' | 'toolCallDialect'>): string {
  const track =
    info.toolCallDialect === undefined
      ? "tool calls in Loupe's prompted format"
      : `tool calls in the model's own format (${info.toolCallDialect})`;
  return `${info.chatFormat} · ${track}`;
}

// The answer of a local tool as the person types it, to and from its handler; pure.
import type { LocalToolHandler } from '../../protocol/tool-settings';

export type HandlerKind = LocalToolHandler['kind'];

export const handlerKinds: { kind: HandlerKind; label: string; field: string }[] = [
  { kind: 'text', label: 'Text', field: 'Result text' },
  { kind: 'json', label: 'JSON', field: 'Result JSON' },
  { kind: 'image', label: 'Image', field: 'Image (data: URL or base64 PNG)' },
  { kind: 'error', label: 'An error', field: 'Error message' },
  { kind: 'script', label: 'JavaScript handler', field: 'Handler body: async (input) => { … }' },
];

const imageTypes = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

/** The handler for what was typed, or a problem in plain words. */
export function buildHandler(kind: HandlerKind, text: string, timeoutMs: number): LocalToolHandler | string {
  switch (kind) {
    case 'text':
      return { kind, text };
    case 'error':
      return text.trim() === '' ? 'Error message: write what the model should read.' : { kind, message: text };
    case 'json':
      try {
        return { kind, value: JSON.parse(text) as unknown };
      } catch {
        return 'Result JSON: not valid JSON.';
      }
    case 'image': {
      const match = /^data:(image\/[a-z]+);base64,(.*)$/s.exec(text.trim());
      const mimeType = match?.[1] ?? 'image/png';
      const data = (match?.[2] ?? text).replace(/\s+/g, '');
      const known = imageTypes.find((type) => type === mimeType);
      if (known === undefined) return 'Image: PNG, JPEG, GIF or WebP only.';
      if (data === '' || !/^[A-Za-z0-9+/]+=*$/.test(data)) return 'Image: paste a data: URL or base64 data.';
      return { kind, mimeType: known, data };
    }
    case 'script':
      if (!Number.isFinite(timeoutMs) || timeoutMs < 50 || timeoutMs > 60_000)
        return 'Timeout: between 50 and 60000 ms.';
      return text.trim() === '' ? 'Handler: write the body of the function.' : { kind, source: text, timeoutMs };
  }
}

/** The text a stored handler is edited as. */
export function handlerTextOf(handler: LocalToolHandler): string {
  switch (handler.kind) {
    case 'text':
      return handler.text;
    case 'error':
      return handler.message;
    case 'json':
      return JSON.stringify(handler.value, null, 2);
    case 'image':
      return `data:${handler.mimeType};base64,${handler.data}`;
    case 'script':
      return handler.source;
  }
}

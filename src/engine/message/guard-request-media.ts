// Pure: keeps media the model API would refuse out of a request, so one bad image cannot poison a history. No I/O.
import type { ContentBlock, DocumentBlock, ImageBlock, Message, ToolResultContentBlock } from './message';
import { base64ByteLength, checkImageData, formatBytes, isPdfBase64 } from './check-image-data';

/** Bounds on the media of one request. */
export interface RequestMediaCaps {
  /** Decoded bytes of one image (default 3.75 MB: 5 MB as base64, the Messages API's per-image limit). */
  maxImageBytes: number;
  /** Decoded bytes of every image and PDF in one request together; the newest are kept (default 15 MB). */
  maxTotalBytes: number;
}

export const DEFAULT_REQUEST_MEDIA_CAPS: RequestMediaCaps = {
  maxImageBytes: 3_932_160,
  maxTotalBytes: 15 * 1024 * 1024,
};

/** The guarded messages and, per block left out, one line saying why (empty when nothing changed). */
export interface GuardedMedia {
  messages: Message[];
  notes: string[];
}

type Verdict = { ok: true; bytes: number; block: ImageBlock | DocumentBlock } | { ok: false; reason: string };

// The history's blocks are the same objects round after round: each is checked once.
const checked = new WeakMap<object, Verdict>();

function check(block: ImageBlock | DocumentBlock, caps: RequestMediaCaps): Verdict {
  const known = checked.get(block);
  if (known !== undefined) return known;
  let verdict: Verdict;
  if (block.type === 'image') {
    const result = checkImageData(block.source.media_type, block.source.data, caps.maxImageBytes);
    verdict = result.ok
      ? {
          ok: true,
          bytes: result.bytes,
          block:
            result.data === block.source.data && result.mediaType === block.source.media_type
              ? block
              : { type: 'image', source: { type: 'base64', media_type: result.mediaType, data: result.data } },
        }
      : { ok: false, reason: `an image (${block.source.media_type}, ${formatBytes(result.bytes)}): ${result.reason}` };
  } else if (block.source.type === 'base64' && !isPdfBase64(block.source.data)) {
    verdict = { ok: false, reason: 'a PDF document whose data is not base64 of a PDF' };
  } else {
    verdict = { ok: true, bytes: base64ByteLength(block.source.data), block };
  }
  checked.set(block, verdict);
  return verdict;
}

const isMedia = (block: ContentBlock | ToolResultContentBlock): block is ImageBlock | DocumentBlock =>
  block.type === 'image' || block.type === 'document';

/**
 * Replaces every image or PDF block the API would refuse (a type other than PNG/JPEG/GIF/WebP, bad
 * base64, bytes that are no image, over `maxImageBytes`) with a short text note, and, walking from the
 * newest message back, every block past `maxTotalBytes` of media in the request. Messages without media
 * are returned as they are (same objects). Run on every request, so the stored history itself never
 * needs rewriting.
 */
export function guardRequestMedia(
  messages: readonly Message[],
  caps: RequestMediaCaps = DEFAULT_REQUEST_MEDIA_CAPS,
): GuardedMedia {
  const notes: string[] = [];
  let spent = 0;
  const guard = <B extends ContentBlock | ToolResultContentBlock>(block: B): B | { type: 'text'; text: string } => {
    if (!isMedia(block)) return block;
    const verdict = check(block, caps);
    const bytes = verdict.ok ? verdict.bytes : 0;
    const reason = verdict.ok
      ? spent + bytes > caps.maxTotalBytes
        ? `an older ${block.type === 'image' ? 'image' : 'document'} (${formatBytes(bytes)}): the request's media would pass ${formatBytes(caps.maxTotalBytes)}`
        : undefined
      : verdict.reason;
    if (reason === undefined && verdict.ok) {
      spent += bytes;
      return verdict.block as B;
    }
    notes.push(`Left out of the request: ${reason ?? 'media'}.`);
    return { type: 'text', text: `[left out: ${reason ?? 'media'}]` };
  };
  const guarded = [...messages]
    .reverse()
    .map((message): Message => {
      if (
        !message.content.some(
          (block) => isMedia(block) || (block.type === 'tool_result' && block.content.some(isMedia)),
        )
      )
        return message;
      const content = [...message.content].reverse().map((block): ContentBlock => {
        if (block.type !== 'tool_result') return guard(block);
        if (!block.content.some(isMedia)) return block;
        return { ...block, content: [...block.content].reverse().map(guard).reverse() };
      });
      return { ...message, content: content.reverse() };
    })
    .reverse();
  return { messages: guarded, notes };
}

// A block the person attaches to their next message (e.g. an MCP resource). Types only.
import type { ImageBlock, TextBlock } from '../engine/message/message';

/** Text or a base64 image, placed before the typed text of the next user message. */
export type UserAttachment = TextBlock | ImageBlock;

// One line naming a message of a history, for a folded view of it.
import type { Message } from '../../engine/message/message';

/** One line for a folded message: its number, role and the kinds of its blocks. */
export function describeMessage(message: Message, index: number): string {
  const kinds = message.content.map((block) => block.type);
  const counted = [...new Set(kinds)].map((kind) => {
    const count = kinds.filter((other) => other === kind).length;
    return count === 1 ? kind : `${count}× ${kind}`;
  });
  return `#${index + 1} ${message.role} · ${counted.join(', ') || 'empty'}`;
}

// What goes with the next message besides its text: attached resources and prompt images, removable.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';

export function AttachmentsBar() {
  const attachments = useLoupeStore((state) => state.attachments);
  const remove = useLoupeStore((state) => state.removeAttachment);
  if (attachments.length === 0) return null;
  return (
    <ul aria-label="Attachments" className="flex flex-wrap gap-1.5">
      {attachments.map((attachment) => (
        <li
          key={attachment.id}
          className="flex max-w-full items-center gap-1 rounded-md border border-zinc-200 bg-zinc-50 px-2 py-0.5 text-xs dark:border-zinc-800 dark:bg-zinc-900"
        >
          <span className="truncate font-mono" title={attachment.label}>
            {attachment.block.type === 'image' ? '🖼 ' : ''}
            {attachment.label}
          </span>
          <button
            type="button"
            className={smallButtonClass}
            aria-label={`Remove attachment ${attachment.label}`}
            onClick={() => remove(attachment.id)}
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  );
}

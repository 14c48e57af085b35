// What goes with the next message besides its text: attached resources and prompt images, and the skills
// attached to its instructions (system prompt); each removable.
import { useLoupeStore } from '../../store/loupe-store-provider';
import { smallButtonClass } from '../common/styles';

export function AttachmentsBar() {
  const attachments = useLoupeStore((state) => state.attachments);
  const remove = useLoupeStore((state) => state.removeAttachment);
  const skills = useLoupeStore((state) => state.attachedSkills);
  const detach = useLoupeStore((state) => state.detachSkill);
  if (attachments.length === 0 && skills.length === 0) return null;
  return (
    <>
      {skills.length > 0 && (
        <ul aria-label="Attached skills" className="flex flex-wrap gap-1.5">
          {skills.map((skill) => (
            <li
              key={skill.uri}
              className="flex max-w-full items-center gap-1 rounded-md border border-indigo-200 bg-indigo-50 px-2 py-0.5 text-xs dark:border-indigo-900 dark:bg-indigo-950"
            >
              <span
                className="truncate font-mono"
                title={`${skill.uri}: its SKILL.md goes into the next run's system prompt`}
              >
                Skill {skill.name} (in instructions)
              </span>
              <button
                type="button"
                className={smallButtonClass}
                aria-label={`Remove skill ${skill.name}`}
                onClick={() => detach(skill.uri)}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      {attachments.length > 0 && (
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
      )}
    </>
  );
}

// The timeline's first item: the person's own message that started the run.
import { useLoupeStore } from '../../store/loupe-store-provider';

export function PromptItem() {
  const prompt = useLoupeStore((state) => state.runView.prompt);
  if (prompt === undefined) return null;
  return (
    <section
      aria-label="Your message"
      className="rounded-lg border border-indigo-200 bg-indigo-50/60 px-4 py-3 dark:border-indigo-500/30 dark:bg-indigo-500/10"
    >
      <h3 className="mb-1 text-xs font-semibold text-indigo-900 dark:text-indigo-200">You</h3>
      <p className="text-sm whitespace-pre-wrap text-zinc-900 [overflow-wrap:anywhere] dark:text-zinc-100">{prompt}</p>
    </section>
  );
}

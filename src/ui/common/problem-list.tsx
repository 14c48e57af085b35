// The problems that keep a form from being saved or sent, as one list named "Problems"; nothing when there are none.

/** Lists `problems` (each once; they are the keys); renders nothing for an empty list. */
export function ProblemList({ problems, className = '' }: { problems: readonly string[]; className?: string }) {
  if (problems.length === 0) return null;
  return (
    <ul
      aria-label="Problems"
      className={`${className} space-y-0.5 rounded-md bg-red-50 p-2 text-xs text-red-800 dark:bg-red-500/10 dark:text-red-300`.trim()}
    >
      {problems.map((problem) => (
        <li key={problem}>{problem}</li>
      ))}
    </ul>
  );
}

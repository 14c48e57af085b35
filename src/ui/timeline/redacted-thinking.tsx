// A collapsed marker for thinking the API encrypted: nothing to read, but it is part of the conversation.
export function RedactedThinking({ characters }: { characters: number }) {
  return (
    <details className="text-xs text-zinc-600 dark:text-zinc-400">
      <summary className="cursor-pointer select-none">Redacted thinking</summary>
      <p className="mt-1">
        The API encrypted this thinking ({characters.toLocaleString('en')} characters). Loupe keeps it and sends it back
        unchanged, as the API requires.
      </p>
    </details>
  );
}

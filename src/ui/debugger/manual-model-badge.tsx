// Shown in the model settings when the person plays the model: what happens and that no key is needed.

export function ManualModelBadge() {
  return (
    <p className="rounded-md bg-indigo-50 p-2.5 text-xs text-indigo-900 dark:bg-indigo-500/10 dark:text-indigo-200">
      <strong className="font-semibold">You are the model.</strong> At each model step you write the reply — text and
      calls of the connected tools — and the real loop runs them. No key, no network.
    </p>
  );
}

// The text a person is typing into a field whose committed value lives in the store.
import { useState } from 'react';

/**
 * Keeps the typed text apart from the committed `value`, so a half-typed entry is not lost, and follows
 * `value` when it changes from elsewhere (a load, a reset, another model). Call `accept` with a value just
 * committed from this text, so the store echoing it back does not reformat what the person typed.
 */
export function useDraftText<T>(value: T, format: (value: T) => string) {
  const [text, setText] = useState(() => format(value));
  const [followed, setFollowed] = useState(value);
  if (!Object.is(followed, value)) {
    setFollowed(value);
    setText(format(value));
  }
  return { text, setText, accept: setFollowed, reset: () => setText(format(value)) };
}

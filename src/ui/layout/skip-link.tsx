// The page's first tab stop, shown when focused: straight to the Message box past the header and sidebar.
import { MESSAGE_FIELD_ID } from '../composer/composer';

export function SkipLink() {
  return (
    <a
      href={`#${MESSAGE_FIELD_ID}`}
      className="sr-only z-50 rounded-md bg-indigo-700 px-3 py-2 text-sm font-medium text-white focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
    >
      Skip to the message
    </a>
  );
}

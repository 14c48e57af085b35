// Text a server wrote for the model (tool descriptions, server instructions) is shown to the person so they can
// judge it. Characters that do not show would let a server put words before the model that the person never
// sees: Unicode tag characters spell out hidden ASCII ("ASCII smuggling"), zero-width characters hide or split
// words, and bidirectional controls make the text read differently from its order. On screen each is made
// visible; what the model receives is unchanged (it is what the server sent, and what the person reviews).

/** Zero-width and invisible formatting characters, bidirectional controls, the BOM and variation selectors. */
const HIDDEN =
  // eslint-disable-next-line no-misleading-character-class -- each mark is matched on its own, to be shown.
  /[\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0]/g;
/** Unicode tag characters (U+E0000–U+E007F): each mirrors an ASCII character, invisibly. */
const TAGS = /[\u{e0000}-\u{e007f}]+/gu;

const codeOf = (character: string): string =>
  `U+${(character.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}`;

/** `text` with every hidden character shown: `⟦U+202E⟧`, and tag runs as `⟦hidden text: …⟧` with what they spell. */
export function revealHiddenCharacters(text: string): string {
  return text
    .replace(TAGS, (run) => {
      const spelled = [...run].map((tag) => String.fromCodePoint((tag.codePointAt(0) ?? 0) - 0xe0000)).join('');
      // eslint-disable-next-line no-control-regex -- the tag block mirrors controls too: shown as codes.
      return `⟦hidden text: ${spelled.replace(/[\u0000-\u001f\u007f]/g, (control) => codeOf(control))}⟧`;
    })
    .replace(HIDDEN, (character) => `⟦${codeOf(character)}⟧`);
}

/** Whether `text` holds a character `revealHiddenCharacters` would show. */
export function hasHiddenCharacters(text: string): boolean {
  return revealHiddenCharacters(text) !== text;
}

// Pure: text made safe for HTML element content and attribute values. No DOM.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** `text` with every character HTML gives meaning to (in content or a quoted attribute) written as an entity. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ENTITIES[character]!);
}

/**
 * JSON for a `<script type="application/json">` data block: `<`, `>` and `&` as \u escapes (no `</script>` or
 * `<!--` can close or change the block), U+2028/2029 escaped too; `JSON.parse` reads it back unchanged.
 */
export function escapeJsonForHtml(json: string): string {
  return json.replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

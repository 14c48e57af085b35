// Which model URLs the In-browser provider fetches: https anywhere, http only on this machine. Pure.

const LOOPBACK = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/** The URL to fetch, or why it is refused (in words for the person). */
export function checkModelUrl(text: string): { url: string } | { refused: string } {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { refused: 'That is not a URL. Give the address of a .gguf file (https://…).' };
  }
  if (url.username !== '' || url.password !== '')
    return { refused: 'Model URLs may not carry a user name or password.' };
  if (url.protocol === 'https:') return { url: url.href };
  if (url.protocol === 'http:' && LOOPBACK.test(url.hostname)) return { url: url.href };
  if (url.protocol === 'http:')
    return { refused: 'Plain http is allowed only on this machine (localhost); use https.' };
  return { refused: `A model URL must be https (or http on localhost), not ${url.protocol.replace(':', '')}.` };
}

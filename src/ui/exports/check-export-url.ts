// Pure: whether a recorded request URL may be written into an export, and why not.

export type ExportUrlCheck = { ok: true; url: string } | { ok: false; reason: string };

/**
 * The URL as an export writes it: an absolute http(s) URL without spaces or control characters, in its
 * parsed (normalised) form. Anything else is refused with the reason — a transcript from someone else may
 * carry any text there.
 */
export function checkExportUrl(raw: string): ExportUrlCheck {
  // eslint-disable-next-line no-control-regex -- a URL parser drops tabs and newlines silently; refuse them instead.
  if (/[\s\u0000-\u001f\u007f]/.test(raw)) {
    return { ok: false, reason: 'The recorded URL contains spaces or control characters, so it is not a plain URL.' };
  }
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return { ok: false, reason: 'The recorded URL is not a valid absolute URL.' };
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') {
    return { ok: false, reason: `The recorded URL is not an http(s) URL (it starts with “${parsed.protocol}”).` };
  }
  return { ok: true, url: parsed.href };
}

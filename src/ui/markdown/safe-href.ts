// Only links a person can safely follow: http(s) and mailto. Everything else (javascript:, data:, relative) is text.

export function safeHref(href: string): string | undefined {
  try {
    const url = new URL(href.trim());
    return url.protocol === 'http:' || url.protocol === 'https:' || url.protocol === 'mailto:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

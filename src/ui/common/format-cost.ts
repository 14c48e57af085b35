// Money and token shares as the UI shows them.

/** `$1.23` from a dollar, `$0.0123` from a cent, `$0.000042` below (two significant digits, rounded); `< $0.000001` for less. */
export function formatUsd(amount: number): string {
  if (amount === 0) return '$0';
  if (amount < 0.000001) return '< $0.000001';
  // toPrecision switches to exponent notation only below 1e-6, which is handled above.
  if (amount < 0.01) return `$${amount.toPrecision(2)}`;
  return amount < 1 ? `$${amount.toFixed(4)}` : `$${amount.toFixed(2)}`;
}

/** `128k`, `1M`, `1.05M`: a context window in short form. */
export function formatWindow(tokens: number): string {
  if (tokens >= 1_000_000) return `${Number((tokens / 1_000_000).toFixed(2))}M`;
  if (tokens >= 1000) return `${Number((tokens / 1000).toFixed(1))}k`;
  return String(tokens);
}

/** A price per million tokens: `$0.15`, `$3`, `$0.075`. */
export function formatRate(perMillion: number): string {
  return `$${Number(perMillion.toFixed(4))}`;
}

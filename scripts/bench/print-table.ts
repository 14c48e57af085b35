// Bench support: a table printed as padded columns.

export function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  for (const row of [header, ...rows]) console.info(row.map((cell, column) => cell.padEnd(widths[column]!)).join('  '));
}

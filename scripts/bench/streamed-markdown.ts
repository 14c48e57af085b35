// Bench support: a Markdown reply of about `bytes` bytes with the usual mix (headings, lists, code, tables).
const SECTION = `## Step {n}

The model explains **what it did** in round {n}, with \`inline code\`, a [link](https://example.com/{n}) and *emphasis*.

- first point about the weather in Rome
- second point, with a nested idea
  - and a detail

\`\`\`ts
const answer = await callTool('weather_get', { city: 'Rome', day: {n} });
\`\`\`

| day | sky | temp |
| --- | --- | ---- |
| {n} | clear | 21 |

`;

/** Sections of Markdown repeated (numbered) until the text reaches `bytes`. */
export function streamedMarkdown(bytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let n = 1; size < bytes; n += 1) {
    const part = SECTION.replaceAll('{n}', String(n));
    parts.push(part);
    size += part.length;
  }
  return parts.join('').slice(0, bytes);
}

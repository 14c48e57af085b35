// Pure: a curl command that sends a round's recorded request again. The key is a shell variable, never the key.
import type { ExportableRequest } from './describe-sent-request';
import { quoteShell } from './shell-quote';

/**
 * `curl` for the request, ready to paste in a POSIX shell with the key variable set. Every value is one
 * single-quoted word; the JSON body goes through a quoted here-document, so nothing in it is expanded.
 */
export function buildCurlCommand(request: ExportableRequest): string {
  const body = JSON.stringify(request.body, null, 2);
  // Pretty JSON never has a line that is just the fence (its inner lines are indented), but be sure.
  let fence = 'LOUPE_JSON';
  while (body.split('\n').includes(fence)) fence += '_END';
  const lines = [
    ...request.notes.map((note) => `# ${note}`),
    `curl --no-buffer ${quoteShell(request.url)} \\`,
    ...(request.auth
      ? [`  -H ${quoteShell(`${request.auth.header}: ${request.auth.prefix}`)}"$${request.auth.variable}" \\`]
      : []),
    ...request.headers.map(([name, value]) => `  -H ${quoteShell(`${name}: ${value}`)} \\`),
    `  -H 'content-type: application/json' \\`,
    `  --data-binary @- <<'${fence}'`,
    body,
    fence,
  ];
  return `${lines.join('\n')}\n`;
}

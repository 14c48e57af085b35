// Worker side of the share files: one HTML file of a run, or a HAR of its model calls and the MCP traffic.
import { buildHarFile } from '../engine/har/build-har-file';
import { trafficToExchanges } from '../engine/har/traffic-to-har';
import { transcriptToExchanges } from '../engine/har/transcript-to-har';
import { buildHtmlFile } from '../engine/html-file/build-html-file';
import type { ShareFileCommand } from '../protocol/share-file-command';

export function buildShareFile(command: ShareFileCommand, appVersion: string): { text: string } {
  if (command.format === 'html') return { text: buildHtmlFile(command.transcript) };
  const mcp = command.traffic.map(trafficToExchanges);
  const unpaired = mcp.reduce((sum, server) => sum + server.unpaired, 0);
  const har = buildHarFile(
    [...command.transcripts.flatMap(transcriptToExchanges), ...mcp.flatMap((server) => server.exchanges)],
    { version: appVersion },
    unpaired === 0
      ? undefined
      : `${unpaired} message(s) a server sent on its own stream (notifications, its requests) are not exchanges of their own and are left out.`,
  );
  return { text: `${JSON.stringify(har, null, 2)}\n` };
}

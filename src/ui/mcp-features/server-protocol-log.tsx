// One server's protocol log, as its inspector shows it.
import type { McpTrafficRecord } from '../../protocol/mcp-feature-messages';
import { useLoupeStore } from '../../store/loupe-store-provider';
import { ProtocolLog } from './protocol-log';

const noRecords: McpTrafficRecord[] = [];

export function ServerProtocolLog({ serverId, serverName }: { serverId: string; serverName: string }) {
  const records = useLoupeStore((state) => state.mcpTraffic[serverId] ?? noRecords);
  const clear = useLoupeStore((state) => state.clearTraffic);
  return <ProtocolLog records={records} fileName={`${serverName}-protocol-log.json`} onClear={() => clear(serverId)} />;
}

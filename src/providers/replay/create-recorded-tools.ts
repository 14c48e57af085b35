// Tools that answer from a recording: offline replay needs no server — each call gets the recorded result.
import type { ToolResultContentBlock } from '../../engine/message/message';
import type { Tool } from '../../engine/tool/tool';
import type { Transcript, TranscriptToolCall } from '../../engine/transcript/transcript';

/**
 * One tool per definition the recording sent (its own and any a mid-run tool-list change added), each
 * answering its calls with that tool's next recorded result, in the recorded order, with the recorded error
 * flag. A call the recording has no result for answers an error that says so (never a made-up result).
 */
export function createRecordedTools(recorded: Transcript): Tool[] {
  const queues = new Map<string, TranscriptToolCall[]>();
  for (const call of recorded.rounds.flatMap((round) => round.toolCalls))
    queues.set(call.name, [...(queues.get(call.name) ?? []), call]);
  const definitions = new Map(recorded.tools.map((tool) => [tool.name, tool]));
  for (const round of recorded.rounds)
    for (const tool of round.toolsUpdate?.tools ?? [])
      if (!definitions.has(tool.name)) definitions.set(tool.name, tool);
  return [...definitions.values()].map((definition) => ({
    name: definition.name,
    description: definition.description,
    inputSchema: definition.input_schema,
    origin: { kind: 'test' as const },
    run: () => {
      const call = queues.get(definition.name)?.shift();
      const content: ToolResultContentBlock[] = call?.content ?? [
        { type: 'text', text: `The recording has no further result for ${definition.name}.` },
      ];
      return Promise.resolve({ content, isError: call === undefined || call.isError });
    },
  }));
}

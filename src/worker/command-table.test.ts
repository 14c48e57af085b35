import { describe, expect, it } from 'vitest';
import { answerEach, joinCommandTables, routeCommand, type CommandTable } from './command-table';

const stop = { 'run-stop': () => null } satisfies CommandTable<'run-stop'>;

describe('the command table', () => {
  it('refuses a command type two hosts answer', () => {
    expect(() => joinCommandTables(stop, { 'run-stop': () => null })).toThrow(
      "Two hosts answer the command 'run-stop'.",
    );
  });

  it('routes each command to the handler of its type, and one handler answers every type it is given', async () => {
    const seen: string[] = [];
    const table = joinCommandTables(
      stop,
      answerEach<'pause-inspect' | 'messages-so-far'>({ 'pause-inspect': true, 'messages-so-far': true }, (command) => {
        seen.push(command.type);
        return Promise.resolve(command.runId);
      }),
    ) as unknown as CommandTable;
    await expect(routeCommand(table, { type: 'messages-so-far', runId: 'r1' })).resolves.toBe('r1');
    await expect(routeCommand(table, { type: 'run-stop', runId: 'r1' })).resolves.toBeNull();
    expect(seen).toEqual(['messages-so-far']);
  });
});

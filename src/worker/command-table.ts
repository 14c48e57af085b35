// The worker's one route from a command to its handler: each host contributes the commands it answers.
import type { Command, CommandResults } from '../protocol/messages';

/** Every command's `type`. */
export type CommandType = Command['type'];

/** The handler of one command type: its reply's value, or a promise of it (a throw is a failed reply). */
export type CommandHandler<T extends CommandType> = (
  command: Extract<Command, { type: T }>,
) => CommandResults[T] | Promise<CommandResults[T]>;

/** Handlers for the command types `K`: what one host contributes, or (`K` = every type) the worker's whole table. */
export type CommandTable<K extends CommandType = CommandType> = { [T in K]: CommandHandler<T> };

// The intersection of the parts' types: assigning it to `CommandTable` is what checks that every type is answered.
type Joined<Parts extends readonly object[]> = (
  Parts[number] extends infer Part ? (Part extends unknown ? (part: Part) => void : never) : never
) extends (part: infer All) => void
  ? All
  : never;

/**
 * One table of the hosts' parts. A command type two parts answer is a wiring mistake, refused here (a spread
 * would let the later part win silently).
 */
export function joinCommandTables<Parts extends readonly object[]>(...parts: Parts): Joined<Parts> {
  const joined: Record<string, unknown> = {};
  for (const part of parts)
    for (const [type, handler] of Object.entries(part)) {
      if (type in joined) throw new Error(`Two hosts answer the command '${type}'.`);
      joined[type] = handler;
    }
  return joined as Joined<Parts>;
}

/** Runs `command` through `table`. */
export async function routeCommand(table: CommandTable, command: Command): Promise<unknown> {
  // The table pairs each type with its own handler; TypeScript cannot follow that pairing through a union.
  const handler = table[command.type] as (command: Command) => unknown;
  return await handler(command);
}

/**
 * A table in which `execute` answers every type of `types` (a host whose `execute` switches on the type itself).
 * `types` is a record so that TypeScript checks the list is whole: a type left out or unknown does not compile.
 */
export function answerEach<K extends CommandType>(
  types: Record<K, true>,
  execute: (command: Extract<Command, { type: K }>) => Promise<unknown>,
): CommandTable<K> {
  const table: Record<string, unknown> = {};
  for (const type of Object.keys(types)) table[type] = execute;
  // `execute` answers each type with that type's result: the host's own switch is typed per command.
  return table as CommandTable<K>;
}

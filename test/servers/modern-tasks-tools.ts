// The tools of the 2026-07-28 tasks test server, and its hostile tasks: one that never ends, a bogus handle,
// one polled as another task, one whose status turns to garbage, one the server forgets, a result that is no
// object, a huge result, and a task that fails with a JSON-RPC error.
import { detailedTask, type ModernTaskRecord, type ModernTaskStore } from './modern-tasks-store';

const noInput = { type: 'object' as const, properties: {} };
const tool = (name: string, description: string, inputSchema: Record<string, unknown> = noInput) => ({
  name,
  description,
  inputSchema: { type: 'object' as const, ...inputSchema },
});
const reportInput = {
  properties: { topic: { type: 'string' }, steps: { type: 'integer', minimum: 1, maximum: 10 } },
};

/** Tasks whose polls lie, by id. */
const garbled = new Set<string>();
const impostors = new Set<string>();

export const modernTaskTools = {
  list: [
    tool('slow_report', 'Writes a report in a few slow steps, as a task.', reportInput),
    tool('pushy_report', 'Like slow_report, but asks to be polled rarely and pushes its steps.', reportInput),
    tool('ask_name', 'A task that asks the person for a name (input_required), then greets them.'),
    tool('ask_model', 'A task that asks the client’s model for a haiku (input_required, sampling).'),
    tool(
      'open_link',
      'A task that asks the client to open a link (URL-mode elicitation), then says how it was answered.',
    ),
    tool('quick_echo', 'Answers at once, no task.', { properties: { text: { type: 'string' } } }),
    tool('endless_job', 'A task that says it is working, for ever.'),
    tool('bogus_task', 'Answers with a task handle whose id is a number and whose status is no status.'),
    tool('impostor_task', 'A task whose tasks/get answers about another task.'),
    tool('garbled_task', 'A task whose status turns to garbage.'),
    tool('lost_task', 'Creates a task, then no longer knows it.'),
    tool('stringly_task', 'Completes with a result that is a string, not an object.'),
    tool('huge_task', 'Completes with a result of 3 MB of text.'),
    tool('failing_task', 'Fails with a JSON-RPC error.'),
  ],

  /** The handle a hostile tool answers `tools/call` with. */
  startHostile(store: ModernTaskStore, name: string): Record<string, unknown> {
    if (name === 'bogus_task') return { taskId: 42, status: 'exploded' };
    const task = store.create(name === 'endless_job' ? 'Still working' : 'Starting');
    const end = (change: Partial<ModernTaskRecord>) => store.update(task, { status: 'completed', ...change });
    if (name === 'lost_task') store.forget(task.taskId);
    if (name === 'garbled_task') garbled.add(task.taskId);
    if (name === 'impostor_task') impostors.add(task.taskId);
    if (name === 'stringly_task') end({ result: 'just a string' });
    if (name === 'huge_task') end({ result: { content: [{ type: 'text', text: 'x'.repeat(3_000_000) }] } });
    if (name === 'failing_task')
      store.update(task, {
        status: 'failed',
        statusMessage: 'Rate limited',
        error: { code: -32603, message: 'API rate limit exceeded' },
      });
    // The handle still says "working": the outcome shows on the first poll.
    return { ...detailedTask(task), status: 'working' };
  },

  /** What tasks/get answers for `task` (lies included). */
  answerPoll(task: ModernTaskRecord): Record<string, unknown> {
    if (garbled.has(task.taskId)) return { ...detailedTask(task), status: 'on fire' };
    if (impostors.has(task.taskId)) return { ...detailedTask(task), taskId: 'someone-else' };
    return detailedTask(task);
  },
};

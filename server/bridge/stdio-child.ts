// One running stdio MCP server: the SDK's StdioClientTransport with its stderr split into lines, and "did it exit by
// itself or did we stop it" kept apart, so the session above can restart a crash and ignore a stop.
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';

/** A stdio server to start: what a `mcpServers` entry holds. */
export interface StdioServerSpec {
  /** Shown in the terminal (`[name] …`) and in messages to Loupe. */
  name: string;
  command: string;
  args: readonly string[];
  /** Added to the bridge's own environment (the child sees what the person's shell sees, as when run by hand). */
  env?: Readonly<Record<string, string>>;
  /** Variables of the bridge's environment the child must not see (the headless runner's keys, for a suite's server). */
  withoutEnv?: readonly string[];
  cwd?: string;
}

/** A stderr line longer than this is cut: a child that never writes a newline must not fill the bridge's memory. */
const maxLineLength = 8 * 1024;

export interface StdioChildEvents {
  onmessage(message: JSONRPCMessage): void;
  onstderr(line: string): void;
  /** The child exited (or could not be started) without being asked to. */
  oncrash(reason: string): void;
}

/** A started stdio server; `events` can be replaced (a warm child is handed to the session that takes it). */
export class StdioChild {
  private readonly transport: StdioClientTransport;
  private stopped = false;
  private exited = false;
  private partial = '';
  private readonly early: (() => void)[] = [];
  private handlers: StdioChildEvents | undefined;
  /** The first stderr lines (a warm child's start-up banner), for the session that takes it over. */
  readonly firstLines: string[] = [];

  constructor(readonly spec: StdioServerSpec) {
    const env: Record<string, string> = {};
    for (const [key, value] of Object.entries(process.env))
      if (value !== undefined && spec.withoutEnv?.includes(key) !== true) env[key] = value;
    this.transport = new StdioClientTransport({
      command: spec.command,
      args: [...spec.args],
      env: { ...env, ...spec.env },
      stderr: 'pipe',
      ...(spec.cwd === undefined ? {} : { cwd: spec.cwd }),
    });
    this.transport.stderr?.on('data', (chunk: Buffer) => this.readStderr(chunk.toString('utf8')));
    this.transport.onmessage = (message) => this.emit((handlers) => handlers.onmessage(message));
    this.transport.onclose = () => this.markExited('it exited');
    this.transport.onerror = (error) => {
      // A spawn failure (ENOENT, EACCES) arrives here and as start()'s rejection; other errors are reported as lines.
      if (!this.exited) this.emit((handlers) => handlers.onstderr(`(bridge) ${error.message}`));
    };
  }

  /** Resolves once the process runs; rejects with the spawn error (command not found, not executable…). */
  async start(): Promise<void> {
    try {
      await this.transport.start();
    } catch (error) {
      this.markExited(`it could not be started: ${error instanceof Error ? error.message : String(error)}`);
      throw error;
    }
  }

  /** The process id, while it runs. */
  get pid(): number | undefined {
    return this.transport.pid ?? undefined;
  }

  get hasExited(): boolean {
    return this.exited;
  }

  /** Routes what the child says from now on; what it said before (stderr of a warm child) is replayed first. */
  attach(handlers: StdioChildEvents): void {
    this.handlers = handlers;
    for (const replay of this.early.splice(0)) replay();
  }

  async send(message: JSONRPCMessage): Promise<void> {
    await this.transport.send(message);
  }

  /** Stops the child: stdin closed, then SIGTERM, then SIGKILL (the SDK's sequence); no crash is reported. */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.transport.close();
  }

  private emit(event: (handlers: StdioChildEvents) => void): void {
    if (this.handlers === undefined) {
      if (this.early.length < 500) this.early.push(() => this.emit(event));
      return;
    }
    event(this.handlers);
  }

  private readStderr(text: string): void {
    const lines = (this.partial + text).split(/\r?\n/);
    this.partial = lines.pop() ?? '';
    if (this.partial.length > maxLineLength) {
      lines.push(`${this.partial.slice(0, maxLineLength)}… (line cut)`);
      this.partial = '';
    }
    for (const line of lines) if (line.trim() !== '') this.line(line);
  }

  private line(line: string): void {
    if (this.firstLines.length < 50) this.firstLines.push(line);
    this.emit((handlers) => handlers.onstderr(line));
  }

  private markExited(reason: string): void {
    if (this.exited) return;
    this.exited = true;
    if (this.partial.trim() !== '') {
      this.line(this.partial);
      this.partial = '';
    }
    if (!this.stopped) this.emit((handlers) => handlers.oncrash(reason));
  }
}

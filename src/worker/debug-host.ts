// The worker side of the debugger: live policy per run, the pause each run holds, forks and branches.
import { findRequestPatchProblems } from '../engine/debug/apply-request-patch';
import { forkHistory } from '../engine/debug/fork-history';
import { messagesSoFar } from '../engine/debug/messages-so-far';
import type { DebugController, PauseDecision, PausePoint, StepMode } from '../engine/debug/pause-point';
import type { Message } from '../engine/message/message';
import { repairHistory } from '../engine/message/repair-history';
import type { Model } from '../engine/model/model';
import type { Transcript, TranscriptBranch } from '../engine/transcript/transcript';
import {
  DEFAULT_DEBUG_SETTINGS,
  type BranchInfo,
  type DebugCommand,
  type DebugCommandResults,
  type DebugSettings,
} from '../protocol/debug-messages';
import type { RunSettings } from '../protocol/settings';
import type { ManualTurns } from './manual-turns';
import type { RunRegistry } from './run-registry';
import { validateToolInput } from './validate-tool-input';
import { checkPauseDecision } from './check-pause-decision';
import { findChainRoot } from '../shared/find-chain-root';

/** What the debugger needs from the host: the runs' logs, transcripts, manual turns. */
export interface DebugHostContext {
  runs: RunRegistry;
  transcriptOf: (runId: string) => Transcript;
  manual: ManualTurns;
}

/** Starts a fork's run from `history` (its last message goes in as the new one). */
export type StartFork = (runId: string, settings: RunSettings, history: Message[], system: string | undefined) => void;

type ForkCommand = Extract<DebugCommand, { type: 'run-fork' }>;
/** The debugger's commands but the fork, which starts a run and so goes through the host's run commands. */
export type PauseCommand = Exclude<DebugCommand, ForkCommand>;

interface LiveRun {
  mode: StepMode;
  /** Absent for a run the worker did not start (imported or loaded) whose MCP App made a call. */
  model: Model | undefined;
  signal: AbortSignal;
  pending: { point: PausePoint; resolve: (decision: PauseDecision) => void } | undefined;
  controller: DebugController;
}

export interface DebugHost {
  /** The controller for a new run; `initial` (sent with the run) wins over the last `debug-set`. */
  attach(runId: string, model: Model, signal: AbortSignal, initial?: DebugSettings): DebugController;
  /**
   * The controller of `runId` for its MCP Apps' calls: the run's own (sharing its pause turn, so one pause
   * is held at a time), or — for a run the worker did not start (imported, loaded) — a new one on `signal`.
   * Once the run has `ended`, the step mode is the person's Step mode setting (nothing else is left to step).
   */
  controllerFor(runId: string, signal: AbortSignal, ended: () => boolean): DebugController;
  execute<T extends PauseCommand>(command: T): Promise<DebugCommandResults[T['type']]>;
  /**
   * Forks `command.runId` at its round (or from the person's messages): `start` runs the new run (the host's
   * run starter: a fork is a run like any other), then the fork joins the family.
   */
  fork(command: ForkCommand, start: StartFork): BranchInfo;
  /** `transcript` with the other branches of its family, when it was forked. */
  addBranches(runId: string, transcript: Transcript): Transcript;
}

/** Creates the debugger's worker side (ENGINE-SPEC §7). */
export function createDebugHost(context: DebugHostContext): DebugHost {
  let settings: DebugSettings = DEFAULT_DEBUG_SETTINGS;
  const live = new Map<string, LiveRun>();
  const branches = new Map<string, BranchInfo>();

  const liveRun = (runId: string): LiveRun => {
    const run = live.get(runId);
    if (!run) throw new Error(`No run with id ${runId} in this session.`);
    return run;
  };

  // Restored or imported branches may name each other as parents in a loop: the walk must still end.
  const rootOf = (runId: string): string => findChainRoot(runId, (id) => branches.get(id)?.parentRunId);
  const family = (runId: string): BranchInfo[] => {
    const root = rootOf(runId);
    return [...branches.values()].filter((info) => rootOf(info.runId) === root);
  };

  async function execute(command: PauseCommand): Promise<DebugCommandResults[PauseCommand['type']]> {
    switch (command.type) {
      case 'debug-set':
        settings = command.settings;
        return null;
      case 'run-mode':
        liveRun(command.runId).mode = command.mode;
        return null;
      case 'pause-inspect':
        return live.get(command.runId)?.pending?.point ?? null;
      case 'pause-resolve': {
        const run = liveRun(command.runId);
        const pending = run.pending;
        if (pending?.point.pauseId !== command.pauseId) {
          throw new Error('This pause is over: the run went on or was stopped.');
        }
        checkPauseDecision(pending.point, command.decision);
        if (command.then !== undefined) run.mode = command.then;
        run.pending = undefined;
        pending.resolve(command.decision);
        return null;
      }
      case 'tokens-count': {
        const run = liveRun(command.runId);
        if (run.model?.countTokens === undefined) return null;
        return { inputTokens: await run.model.countTokens(command.request, run.signal) };
      }
      case 'messages-so-far':
        return messagesSoFar(context.runs.get(command.runId).events);
      case 'fork-history':
        return forkHistory(context.runs.get(command.runId).events, command.round).messages;
      case 'branch-rename': {
        const info = branches.get(command.runId) ?? {
          runId: command.runId,
          name: '',
          parentRunId: null,
          forkRound: null,
        };
        branches.set(command.runId, { ...info, name: command.name.trim() || info.name });
        return null;
      }
      case 'branches-restore':
        for (const info of command.branches) branches.set(info.runId, { ...info });
        return null;
      case 'manual-reply':
        context.manual.reply(command.runId, command.turnId, command.content);
        return null;
    }
  }

  function register(runId: string, model: Model | undefined, signal: AbortSignal): LiveRun {
    const run: LiveRun = {
      mode: settings.stepMode ? 'step' : 'run',
      model,
      signal,
      pending: undefined,
      controller: {
        getPolicy: () => ({ mode: run.mode, breakpoints: settings.breakpoints, approval: settings.approval }),
        pauseGate: (point) =>
          new Promise<PauseDecision>((resolve) => {
            run.pending = { point, resolve };
          }),
        validateInput: validateToolInput,
        pauseTurn: { current: Promise.resolve() },
      },
    };
    live.set(runId, run);
    // A cancel while paused: the engine stops waiting; the pending answer must not be offered any more.
    signal.addEventListener('abort', () => (run.pending = undefined), { once: true });
    return run;
  }

  return {
    attach(runId, model, signal, initial) {
      if (initial !== undefined) settings = initial;
      return register(runId, model, signal).controller;
    },
    controllerFor(runId, signal, ended) {
      const { controller } = live.get(runId) ?? register(runId, undefined, signal);
      return {
        ...controller,
        getPolicy: () =>
          ended() ? { ...controller.getPolicy(), mode: settings.stepMode ? 'step' : 'run' } : controller.getPolicy(),
      };
    },
    execute: execute as DebugHost['execute'],
    fork(command, start) {
      const source = context.runs.get(command.runId);
      if (command.messages !== undefined) {
        const problems = findRequestPatchProblems({ messages: command.messages });
        if (problems.length > 0) throw new Error(`The fork's messages cannot be sent: ${problems.join(' ')}`);
      }
      const messages = command.messages
        ? repairHistory(command.messages).messages
        : forkHistory(source.events, command.round).messages;
      if (messages.length === 0) throw new Error(`Round ${command.round} has no history to fork from.`);
      const begin = source.events.find((event) => event.type === 'run-start');
      start(command.newRunId, command.settings, messages, begin?.system);
      if (!branches.has(command.runId)) {
        branches.set(command.runId, { runId: command.runId, name: 'Original', parentRunId: null, forkRound: null });
      }
      const info: BranchInfo = {
        runId: command.newRunId,
        name: command.name.trim() || `Fork of round ${command.round}`,
        parentRunId: command.runId,
        forkRound: command.round,
      };
      branches.set(command.newRunId, info);
      return info;
    },
    addBranches(runId, transcript) {
      const others = family(runId).filter((info) => info.runId !== runId && context.runs.has(info.runId));
      if (others.length === 0) return transcript;
      const list = others.map((info): TranscriptBranch => {
        const branch = context.transcriptOf(info.runId);
        return {
          runId: info.runId,
          name: info.name,
          parentRunId: info.parentRunId,
          forkRound: info.forkRound,
          messages: branch.messages,
          rounds: branch.rounds,
          finishReason: branch.finishReason,
          usage: branch.usage,
        };
      });
      const self = family(runId).find((info) => info.runId === runId);
      // The exported run says which branch it is, so an import names it as it was named here.
      const branch = self && { name: self.name, parentRunId: self.parentRunId, forkRound: self.forkRound };
      return { ...transcript, ...(branch ? { branch } : {}), branches: list };
    },
  };
}

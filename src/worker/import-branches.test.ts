import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import type { Transcript, TranscriptBranch } from '../engine/transcript/transcript';
import { RunRegistry } from './run-registry';
import { createSessionCommands } from './session-commands';
import { importBranches } from './import-branches';
import { checkTranscriptSchema } from './check-transcript-schema';

const fixture = (): Transcript =>
  JSON.parse(
    readFileSync(new URL('../../test/fixtures/transcripts/v3/demo-weather-clothing.json', import.meta.url), 'utf8'),
  ) as Transcript;

const branchOf = (transcript: Transcript, change: Partial<TranscriptBranch>): TranscriptBranch => ({
  runId: 'x',
  name: 'x',
  parentRunId: null,
  forkRound: null,
  messages: transcript.messages,
  rounds: transcript.rounds,
  finishReason: transcript.finishReason,
  usage: transcript.usage,
  ...change,
});

/** The fixture exported as a fork of run `orig`, which has another fork `second` of its own. */
function forkedTranscript(): Transcript {
  const transcript = fixture();
  const rounds = transcript.rounds.slice(0, 1);
  return {
    ...transcript,
    branches: [
      branchOf(transcript, { runId: 'orig', name: 'Original' }),
      branchOf(transcript, { runId: 'second', name: 'Second try', parentRunId: 'orig', forkRound: 2, rounds }),
    ],
  };
}

const keepAll = (events: RunEvent[]): RunEvent[] => events;

describe('importBranches', () => {
  it('gives every branch a new run id and links parents through the new ids', () => {
    const family = importBranches(forkedTranscript(), 'new', keepAll);
    expect(family?.family).toEqual([
      { runId: 'new', name: 'Imported fork', parentRunId: 'new~1', forkRound: 1 },
      { runId: 'new~1', name: 'Original', parentRunId: null, forkRound: null },
      { runId: 'new~2', name: 'Second try', parentRunId: 'new~1', forkRound: 2 },
    ]);
    const second = family?.branches[1]?.events ?? [];
    expect(second[0]).toMatchObject({ type: 'run-start', runId: 'new~2' });
    expect(second.filter((event) => event.type === 'round-start')).toHaveLength(1);
  });

  it('names and places the exported run by its own branch record (version 2), not "Imported fork"', () => {
    const transcript: Transcript = {
      ...forkedTranscript(),
      branch: { name: 'Try Oslo', parentRunId: 'second', forkRound: 1 },
    };
    const family = importBranches(transcript, 'new', keepAll);
    expect(family?.family[0]).toEqual({ runId: 'new', name: 'Try Oslo', parentRunId: 'new~2', forkRound: 1 });
  });

  it('keeps a recorded original as the original, and a parent it does not list as no parent', () => {
    const original = importBranches(
      { ...forkedTranscript(), branch: { name: 'Baseline', parentRunId: null, forkRound: null } },
      'new',
      keepAll,
    );
    expect(original?.family[0]).toEqual({ runId: 'new', name: 'Baseline', parentRunId: null, forkRound: null });
    const orphan = importBranches(
      { ...forkedTranscript(), branch: { name: 'Lost', parentRunId: 'gone', forkRound: 3 } },
      'new',
      keepAll,
    );
    expect(orphan?.family[0]).toEqual({ runId: 'new', name: 'Lost', parentRunId: null, forkRound: null });
  });

  it('calls the exported run the original when no listed branch is', () => {
    const transcript = fixture();
    const fork = branchOf(transcript, {
      runId: 'f',
      name: 'Fork of round 1',
      parentRunId: transcript.runId,
      forkRound: 1,
    });
    const family = importBranches({ ...transcript, branches: [fork] }, 'main', keepAll);
    expect(family?.family.map((info) => [info.runId, info.name, info.parentRunId])).toEqual([
      ['main', 'Original', null],
      ['main~1', 'Fork of round 1', 'main'],
    ]);
  });

  it('returns nothing for a transcript without branches', () => {
    expect(importBranches(fixture(), 'main', keepAll)).toBeUndefined();
  });
});

describe('transcript-import with branches', () => {
  it('keeps every branch as a run the worker can export, each ended', () => {
    const runs = new RunRegistry();
    const commands = createSessionCommands({
      runs,
      appVersion: 'test',
      now: () => 0,
      createModel: () => {
        throw new Error('no model');
      },
      startRun: () => undefined,
    });
    const transcript = forkedTranscript();
    const second = transcript.branches?.[1];
    if (second) second.finishReason = null;
    const outcome = commands.importTranscript(
      {
        type: 'transcript-import',
        runId: 'imp',
        text: JSON.stringify(transcript),
      },
      checkTranscriptSchema,
    );
    if (!outcome.ok) throw new Error('import failed');
    expect(outcome.family?.map((info) => info.runId)).toEqual(['imp', 'imp~1', 'imp~2']);
    expect(outcome.changes).toEqual([]);
    for (const runId of ['imp~1', 'imp~2']) {
      expect(runs.get(runId).events.at(-1)?.type).toBe('run-end');
      expect(commands.transcriptOf(runId).runId).toBe(runId);
    }
    expect(commands.transcriptOf('imp~2').rounds).toHaveLength(1);
  });
});

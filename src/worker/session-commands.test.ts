import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import type { RunEvent } from '../engine/event/run-event';
import { createInMemoryTool } from '../engine/testing/in-memory-tool';
import { createScriptedModel } from '../engine/testing/scripted-model';
import type { Tool } from '../engine/tool/tool';
import { transcriptToEvents } from '../engine/transcript/transcript-to-events';
import { describeProblem } from '../engine/transcript/transcript-problem';
import type { Transcript } from '../engine/transcript/transcript';
import { dir, fixture, fixtureText, settings, setup, versions } from '../../test/support/session-commands-setup';
import { createSessionCommands } from './session-commands';

function problemsOf(text: string): string[] {
  const outcome = setup().commands.importTranscript({ type: 'transcript-import', runId: 'imp', text });
  if (outcome.ok) throw new Error('expected the import to fail');
  return outcome.problems.map(describeProblem);
}

describe('import: the fixture corpus', () => {
  const files = versions.flatMap((version) =>
    readdirSync(new URL(`${version}/`, dir)).map((name) => `${version}/${name}`),
  );
  it('has fixtures for every format version', () => {
    expect(versions).toEqual(['v1', 'v2', 'v3']);
    expect(files.length).toBeGreaterThanOrEqual(6);
  });

  const ended = files.filter((file) => !file.includes('interrupted'));
  it.each(ended)(
    'imports %s unchanged (an older version as its current fixture), as a run the worker can export',
    (file) => {
      const text = readFileSync(new URL(file, dir), 'utf8');
      const current = file.startsWith('v3/');
      // An older file comes in migrated: exactly what the current version's fixture of the same run holds.
      const original = JSON.parse(
        current ? text : readFileSync(new URL(file.replace(/^v\d+\//, 'v3/'), dir), 'utf8'),
      ) as Transcript;
      const { commands } = setup();
      const outcome = commands.importTranscript({ type: 'transcript-import', runId: 'imported', text });
      if (!outcome.ok) throw new Error(outcome.problems.map(describeProblem).join('\n'));
      expect(outcome.changes).toEqual(current ? [] : [`Migrated from format version ${file.slice(1, 2)} to 3.`]);
      expect(outcome.meta.settings).toEqual(original.settings);
      expect(commands.transcriptOf('imported')).toEqual({
        ...original,
        runId: 'imported',
        app: { name: 'Loupe', version: 'test' },
      });
    },
  );

  it('opens a run exported before it ended as stopped, with its history repaired, and says so', () => {
    const { commands } = setup();
    const outcome = commands.importTranscript({
      type: 'transcript-import',
      runId: 'imported',
      text: fixtureText('interrupted-mid-run'),
    });
    if (!outcome.ok) throw new Error('expected the import to succeed');
    expect(outcome.changes).toEqual([
      "Conversation: Tool call 'toolu_w2' (demo__weather_get) had no result; answered it as cancelled.",
      'The run had not ended when it was exported; it is shown as stopped (aborted).',
    ]);
    expect(outcome.events.at(-1)).toMatchObject({ type: 'run-end', finishReason: 'aborted' });
    expect(commands.transcriptOf('imported').rounds[0]!.toolCalls[0]!.status).toBe('ok');
  });
});

describe('import: bad files', () => {
  it('refuses a truncated file and says it may be cut short', () => {
    const text = fixtureText('demo-weather-clothing');
    const [problem, ...rest] = problemsOf(text.slice(0, text.length / 2));
    expect(rest).toEqual([]);
    expect(problem).toMatch(/^\(file\): expected valid JSON, got text that is not valid JSON — it may be cut short/);
  });

  it('refuses an empty file, a JSON list and a file of another format', () => {
    expect(problemsOf('  ')).toEqual(['(file): expected a Loupe transcript (JSON), got an empty file.']);
    expect(problemsOf('[1,2]')[0]).toBe('(file): expected a JSON object (a Loupe transcript), got a list of 2 items.');
    expect(problemsOf('{"format":"chat-export"}')[0]).toBe(
      'format: expected "loupe-transcript" (this is not a Loupe transcript), got the text "chat-export".',
    );
  });

  it('refuses a wrong version in plain words', () => {
    const newer = { ...fixture('demo-weather-clothing'), version: 9 };
    expect(problemsOf(JSON.stringify(newer))[0]).toContain('version 9, written by a newer Loupe: update Loupe');
    const text = { ...fixture('demo-weather-clothing'), version: '1' };
    expect(problemsOf(JSON.stringify(text))[0]).toBe('version: expected a version number from 1 to 3, got "1".');
  });

  it('names every wrong field: which field, what was expected, what the file holds', () => {
    const bad = fixture('demo-weather-clothing') as unknown as Record<string, unknown> & Transcript;
    (bad.settings as unknown as Record<string, unknown>)['maxRounds'] = 'ten';
    (bad.rounds[0]!.toolCalls[0] as unknown as Record<string, unknown>)['status'] = 42;
    bad.messages[0]!.content[0] = { type: 'text' } as never;
    delete (bad as Partial<Transcript>).usage;
    bad['secret'] = 'x';
    const problems = problemsOf(JSON.stringify(bad));
    expect(problems).toEqual(
      expect.arrayContaining([
        'settings.maxRounds: expected a whole number, got the text "ten".',
        'usage: expected a "usage" field, got nothing (the field is missing).',
        'messages[0].content[0].text: expected a "text" field, got nothing (the field is missing).',
        'secret: expected no such field (it is not part of the format), got the text "x".',
      ]),
    );
    expect(problems.some((problem) => problem.startsWith('rounds[0].toolCalls[0].status: expected'))).toBe(true);
    expect(problems.every((problem) => !problem.includes('subschema'))).toBe(true);
  });

  it('refuses rounds out of order', () => {
    const bad = fixture('demo-weather-clothing');
    bad.rounds[1]!.round = 5;
    expect(problemsOf(JSON.stringify(bad))).toContain(
      'rounds[1].round: expected round number 2 (rounds in order from 1), got number 5.',
    );
  });
});

describe('import: a history that breaks the pairing rules', () => {
  it('repairs it, says what changed, and keeps a sendable conversation', () => {
    const broken = fixture('demo-weather-clothing');
    // Drop the results of round 1 and add a stray result nobody asked for.
    broken.messages.splice(2, 1);
    broken.messages.push({
      role: 'user',
      content: [{ type: 'tool_result', tool_use_id: 'toolu_ghost', content: [{ type: 'text', text: '?' }] }],
    });
    const { commands } = setup();
    const outcome = commands.importTranscript({ type: 'transcript-import', runId: 'r', text: JSON.stringify(broken) });
    if (!outcome.ok) throw new Error('expected a repaired import');
    expect(outcome.changes.length).toBeGreaterThanOrEqual(2);
    expect(outcome.changes.every((change) => change.startsWith('Conversation: '))).toBe(true);
    expect(outcome.changes.join(' ')).toMatch(/toolu_ghost|no matching|without a matching/i);
    const history = commands.transcriptOf('r').messages;
    const uses = history.flatMap((message) => message.content.filter((block) => block.type === 'tool_use'));
    const results = history.flatMap((message) => message.content.filter((block) => block.type === 'tool_result'));
    expect(results).toHaveLength(uses.length);
  });
});

describe('keptEvents: an import stored from the worker', () => {
  it('gives a range of a kept run as it is, its bounds clamped (never a throw or a hole for a bad bound)', () => {
    const { commands } = setup();
    const log = transcriptToEvents(fixture('interrupted-mid-run'));
    commands.loadRun({ type: 'run-load', runId: 'kept', events: log });
    const all = commands.keptEvents('kept', 0, Number.MAX_SAFE_INTEGER);
    expect(all.slice(0, log.length)).toEqual(log);
    expect(commands.keptEvents('kept', 1, 3)).toEqual(log.slice(1, 3));
    expect(commands.keptEvents('kept', -5, 2)).toEqual(log.slice(0, 2));
    expect(commands.keptEvents('kept', Number.NaN, 1)).toEqual(log.slice(0, 1));
    expect(commands.keptEvents('kept', 1e12, 1e13)).toEqual([]);
    expect(() => commands.keptEvents('unknown', 0, 1)).toThrow();
  });
});

describe('run-load: a stored run comes back', () => {
  it('closes an interrupted log as aborted and gives a repaired history to go on from', () => {
    const { commands } = setup();
    const log = transcriptToEvents(fixture('interrupted-mid-run'));
    const loaded = commands.loadRun({ type: 'run-load', runId: 'again', events: log });
    expect(loaded.interrupted).toBe(true);
    expect(loaded.closingEvents).toMatchObject([{ type: 'run-end', finishReason: 'aborted' }]);
    expect(loaded.changes.join(' ')).toMatch(/cancelled|orphan|no result/i);
    expect(loaded.history.at(-1)?.role).toBe('user');
    expect(commands.transcriptOf('again').finishReason).toBe('aborted');
  });

  it('keeps an interrupted log open while the person chooses; a second load closes it, a resume replaces it', async () => {
    const { commands, runs } = setup();
    const log = transcriptToEvents(fixture('interrupted-mid-run'));
    const open = commands.loadRun({ type: 'run-load', runId: 'open', events: log, keepOpen: true });
    // Kept open, nothing is offered to go on from yet: no history crosses to the page.
    expect(open).toMatchObject({ interrupted: true, closingEvents: [], history: [], changes: [] });
    expect(commands.transcriptOf('open').finishReason).toBeNull();
    const closed = commands.loadRun({ type: 'run-load', runId: 'open', events: log });
    expect(closed.closingEvents).toMatchObject([{ type: 'run-end', finishReason: 'aborted' }]);
    expect(commands.transcriptOf('open').finishReason).toBe('aborted');

    commands.loadRun({ type: 'run-load', runId: 'again', events: log, keepOpen: true });
    const started: string[] = [];
    const resuming = createSessionCommands({
      runs,
      appVersion: 'test',
      now: () => 0,
      createModel: () => {
        throw new Error('no model');
      },
      startRun: (runId) => void started.push(runId),
    });
    // Another instance shares the registry but not the kept-open set: the run is known, so it is refused.
    const settings = {} as never;
    await expect(resuming.resumeRun({ type: 'run-resume', runId: 'again', settings })).rejects.toThrow('already open');
    await commands.resumeRun({ type: 'run-resume', runId: 'again', settings }).catch(() => undefined);
    expect(runs.has('again')).toBe(false);
    // Kept open: it goes on from the events kept at the load, the writer told their count before the loop starts.
    resuming.loadRun({ type: 'run-load', runId: 'kept', events: log, keepOpen: true });
    const counts: number[] = [];
    await resuming.resumeRun({ type: 'run-resume', runId: 'kept', settings }, (count) => counts.push(count));
    expect(counts).toEqual([log.length]);
    expect(started).toEqual(['kept']);
    // Never loaded here: refused (the page opens the session first). A finished run is never resumed.
    await expect(commands.resumeRun({ type: 'run-resume', runId: 'x', settings })).rejects.toThrow('not open here');
    const ended = [
      ...log,
      { type: 'run-end', at: 1, finishReason: 'aborted', usage: { inputTokens: 0, outputTokens: 0 } },
    ];
    commands.loadRun({ type: 'run-load', runId: 'x', events: ended as RunEvent[], keepOpen: true });
    await expect(commands.resumeRun({ type: 'run-resume', runId: 'x', settings })).rejects.toThrow('already ended');
  });

  it('leaves a finished run as it was', () => {
    const { commands } = setup();
    const imported = commands.importTranscript({
      type: 'transcript-import',
      runId: 'src',
      text: fixtureText('demo-weather-clothing'),
    });
    if (!imported.ok) throw new Error('fixture import failed');
    const loaded = commands.loadRun({ type: 'run-load', runId: 'again', events: imported.events });
    // A finished run is not gone on from: its history (the whole conversation) is not sent back.
    expect(loaded).toMatchObject({ interrupted: false, closingEvents: [], history: [], changes: [] });
    expect(commands.transcriptOf('again').rounds).toHaveLength(3);
  });
});

describe('replay', () => {
  const weather = (text: string) => createInMemoryTool({ name: 'demo__weather_get', run: () => text });
  const clothing = createInMemoryTool({ name: 'demo__clothing_advise', run: () => 'A raincoat and a warm layer.' });

  async function replay(tools: Tool[]) {
    const { commands, finish } = setup(tools);
    const imported = commands.importTranscript({
      type: 'transcript-import',
      runId: 'recorded',
      text: fixtureText('demo-weather-clothing'),
    });
    if (!imported.ok) throw new Error('fixture import failed');
    commands.replayRun({ type: 'run-replay', runId: 'replayed', sourceRunId: 'recorded', mode: 'recorded', settings });
    await finish('replayed');
    return { commands, comparison: await commands.compareRuns('recorded', 'replayed') };
  }

  it('is deterministic: the recorded replies against the same tools give the same run', async () => {
    const { commands, comparison } = await replay([weather('Paris: 14 °C, light rain ({"city":"Paris"})'), clothing]);
    expect(comparison.differingRounds).toEqual([]);
    expect(commands.transcriptOf('replayed').messages).toEqual(commands.transcriptOf('recorded').messages);
    const again = await replay([weather('Paris: 14 °C, light rain ({"city":"Paris"})'), clothing]);
    expect(again.commands.transcriptOf('replayed').messages).toEqual(commands.transcriptOf('replayed').messages);
  });

  it('replays offline with the recorded results: no server, no key, the same run', async () => {
    const { commands, finish } = setup([]);
    const imported = commands.importTranscript({
      type: 'transcript-import',
      runId: 'recorded',
      text: fixtureText('demo-weather-clothing'),
    });
    if (!imported.ok) throw new Error('fixture import failed');
    commands.replayRun({ type: 'run-replay', runId: 'offline', sourceRunId: 'recorded', mode: 'offline', settings });
    await finish('offline');
    const replayed = commands.transcriptOf('offline');
    expect(replayed.messages).toEqual(commands.transcriptOf('recorded').messages);
    expect(replayed.finishReason).toBe('end_turn');
    expect(replayed.rounds.flatMap((round) => round.notices ?? [])).toEqual([]);
    expect((await commands.compareRuns('recorded', 'offline')).firstDivergence).toBeNull();
  });

  it('says on round 2 that a live tool answered differently (recorded replies, live tools)', async () => {
    const { commands } = await replay([weather('Paris: 31 °C, heatwave'), clothing]);
    const notices = commands.transcriptOf('replayed').rounds.map((round) => round.notices?.map((n) => n.message));
    expect(notices[0]).toBeUndefined();
    expect(notices[1]).toEqual([
      'Replay divergence — Round 2: message 3 differs from the recording — now user result of toolu_w1: "Paris: 31 °C, heatwave"; recorded user result of toolu_w1: "Paris: 14 °C, light rain ({"city":"Paris"})".',
    ]);
  });

  it('says where the live model answers differently from the recording (live replay)', async () => {
    const live = createScriptedModel([
      {
        content: [{ type: 'text', text: 'I will not check the weather.' }],
        usage: { inputTokens: 1, outputTokens: 1 },
      },
    ]);
    const { commands, finish } = setup([weather('unused'), clothing], live);
    const imported = commands.importTranscript({
      type: 'transcript-import',
      runId: 'recorded',
      text: fixtureText('demo-weather-clothing'),
    });
    if (!imported.ok) throw new Error('fixture import failed');
    commands.replayRun({ type: 'run-replay', runId: 'live', sourceRunId: 'recorded', mode: 'live', settings });
    await finish('live');
    const round = commands.transcriptOf('live').rounds[0];
    expect(round?.notices?.map((notice) => notice.message)).toEqual([
      'Replay divergence — Round 1: the model called no tool where the recording called demo__weather_get {"city":"Paris"}.',
    ]);
  });

  it('shows the round where a live tool now answers differently', async () => {
    const { comparison } = await replay([weather('Paris: 31 °C, heatwave'), clothing]);
    // Later rounds then send that other result, so they differ too; the first divergence is the call in round 1.
    expect(comparison.differingRounds).toEqual([1, 2, 3]);
    expect(comparison.firstDivergence).toMatchObject({ round: 1, field: 'call 1 demo__weather_get result' });
    expect(comparison.rounds[0]!.fields.filter((field) => field.differs && field.counts)).toMatchObject([
      { field: 'call 1 demo__weather_get result', right: 'ok: Paris: 31 °C, heatwave' },
    ]);
  });

  it('fails plainly when the replay goes past the recording', async () => {
    const { commands, finish } = setup([]);
    const imported = commands.importTranscript({
      type: 'transcript-import',
      runId: 'recorded',
      text: fixtureText('model-error'),
    });
    if (!imported.ok) throw new Error('fixture import failed');
    commands.replayRun({ type: 'run-replay', runId: 'replayed', sourceRunId: 'recorded', mode: 'recorded', settings });
    await finish('replayed');
    const transcript = commands.transcriptOf('replayed');
    expect(transcript.finishReason).toBe('error');
    expect(transcript.error?.message).toContain('no reply in round 1');
  });
});

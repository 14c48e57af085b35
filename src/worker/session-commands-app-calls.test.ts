import { describe, expect, it } from 'vitest';
import type { RunEvent } from '../engine/event/run-event';
import { transcriptToEvents } from '../engine/transcript/transcript-to-events';
import { fixture, fixtureText, setup } from '../../test/support/session-commands-setup';

describe('run-load: app calls a reload cut off', () => {
  const heldAppCall = (round: number): RunEvent[] => [
    {
      type: 'app-call-start',
      at: 90,
      round,
      callId: 'app-call_1',
      appOf: 'toolu_1',
      name: 'demo__weather_forecast',
      toolName: 'weather.forecast',
      input: { city: 'Oslo' },
    },
    {
      type: 'pause-start',
      at: 91,
      pauseId: 'pause_app',
      round,
      pause: { kind: 'before-tool', round, callId: 'app-call_1', appOf: 'toolu_1' },
      reasons: [{ kind: 'step' }],
    },
  ];

  it('ends a held app call of a finished run as interrupted, recorded in the transcript; a live run is left alone', () => {
    const { commands } = setup();
    const imported = commands.importTranscript({
      type: 'transcript-import',
      runId: 'src',
      text: fixtureText('demo-weather-clothing'),
    });
    if (!imported.ok) throw new Error('fixture import failed');
    const log = [...imported.events, ...heldAppCall(1)];
    const loaded = commands.loadRun({ type: 'run-load', runId: 'again', events: log });
    expect(loaded.closingEvents).toMatchObject([
      { type: 'pause-end', pauseId: 'pause_app', decision: 'stop' },
      { type: 'app-call-end', callId: 'app-call_1', status: 'not-executed' },
    ]);
    const [call] = commands.transcriptOf('again').rounds[0]?.appCalls ?? [];
    expect(call).toMatchObject({ id: 'app-call_1', status: 'not-executed', isError: true });
    expect(JSON.stringify(call?.content)).toContain('Interrupted by a reload');
    // The same run loaded again (the worker already holds it, its calls may still run here): nothing closed twice.
    expect(commands.loadRun({ type: 'run-load', runId: 'again', events: log }).closingEvents).toEqual([]);
  });

  it('keeps the app call open while the person chooses, and closes it (before the run-end) on End here', () => {
    const { commands } = setup();
    const log = [...transcriptToEvents(fixture('interrupted-mid-run')), ...heldAppCall(1)];
    expect(commands.loadRun({ type: 'run-load', runId: 'open', events: log, keepOpen: true }).closingEvents).toEqual(
      [],
    );
    const closed = commands.loadRun({ type: 'run-load', runId: 'open', events: log });
    expect(closed.closingEvents.map((event) => event.type)).toEqual(['pause-end', 'app-call-end', 'run-end']);
  });
});

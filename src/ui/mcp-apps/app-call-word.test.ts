import { describe, expect, it } from 'vitest';
import type { AppCallView } from '../../store/run-view';
import { appCallWord } from './app-call-word';

const call = (status: AppCallView['status']): AppCallView => ({
  callId: 'a1',
  appOf: 'c1',
  name: 'demo__weather_forecast',
  toolName: 'weather.forecast',
  input: {},
  status,
  isError: status !== 'ok' && status !== 'running',
  content: [],
  startedAt: 1,
});

describe('appCallWord', () => {
  it('says running, or held while the debugger holds that call', () => {
    expect(appCallWord(call('running'), undefined, false)).toBe('running');
    expect(appCallWord(call('running'), 'other', false)).toBe('running');
    expect(appCallWord(call('running'), 'a1', false)).toBe('held');
  });

  it('says interrupted, not running or held, for an open call of a run a reload cut', () => {
    expect(appCallWord(call('running'), undefined, true)).toBe('interrupted');
    expect(appCallWord(call('running'), 'a1', true)).toBe('interrupted');
  });

  it('keeps the status of a call that ended', () => {
    expect(appCallWord(call('ok'), 'a1', true)).toBe('ok');
    expect(appCallWord(call('cancelled'), undefined, true)).toBe('cancelled');
    expect(appCallWord(call('not-executed'), undefined, false)).toBe('not-executed');
  });
});

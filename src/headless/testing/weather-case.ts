// The headless tests' usual case: the Demo model asked what to wear in Paris, against the demo server at `serverUrl`.
import type { Expectation, TestCase } from '../../suite/test-suite';

export function weatherCase(serverUrl: string, expectations: Expectation[]): TestCase {
  return {
    id: 'paris',
    name: 'Clothes for Paris',
    prompt: 'What should I wear in Paris today?',
    system: '',
    model: { provider: 'demo', model: 'demo' },
    maxRounds: 6,
    maxTokens: 1024,
    servers: [{ name: 'demo', url: serverUrl }],
    expectations,
  };
}

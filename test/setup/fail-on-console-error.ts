// Tests fail on a stray console.error or an unhandled rejection (STYLE.md).
import { afterEach, beforeEach, vi } from 'vitest';

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.restoreAllMocks();
  if (errors.length > 0) {
    throw new Error(`console.error was called:\n${errors.map((args) => args.map(String).join(' ')).join('\n')}`);
  }
});

process.on('unhandledRejection', (reason) => {
  throw reason instanceof Error ? reason : new Error(String(reason));
});

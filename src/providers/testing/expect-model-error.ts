// Test support: awaits a promise that must reject with a ModelError and hands that error back for assertions.
import { expect } from 'vitest';
import { ModelError } from '../../engine/model/model';

export async function expectModelError(promise: Promise<unknown>): Promise<ModelError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(ModelError);
  return error as ModelError;
}

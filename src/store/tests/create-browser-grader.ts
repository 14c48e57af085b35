// The Tests panel's rubric grader: one run on the grading model with every tool switched off.
import type { RubricGrader } from '../../suite/evaluate-expectations';
import { buildGradePrompt, GRADER_SYSTEM, parseGradeVerdict } from '../../suite/grade-prompt';
import { readFinalAnswer } from '../../suite/read-run';
import type { TestRunDriver } from '../../suite/run-cases';
import type { TestModel } from '../../suite/test-suite';

/** Grades with `model` through `driver`; `disabledTools` are the keys of every tool the worker would send. */
export function createBrowserGrader(driver: TestRunDriver, model: TestModel, disabledTools: string[]): RubricGrader {
  return async (rubric, answer) => {
    const transcript = await driver.run(
      {
        id: 'grader',
        name: 'grader',
        prompt: buildGradePrompt(rubric, answer),
        system: GRADER_SYSTEM,
        model,
        maxRounds: 1,
        maxTokens: 256,
        temperature: 0,
        tools: { overrides: {}, disabled: disabledTools, localTools: [] },
        servers: [],
        expectations: [],
      },
      model,
      new AbortController().signal,
    );
    if (transcript.error !== undefined) throw new Error(transcript.error.message);
    return parseGradeVerdict(readFinalAnswer(transcript));
  };
}

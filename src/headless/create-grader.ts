// The rubric grader of the headless runner: one tool-less request to a model, PASS or FAIL read back.
import type { Model } from '../engine/model/model';
import { runToolLoop } from '../engine/run/run-tool-loop';
import type { RubricGrader } from '../suite/evaluate-expectations';
import { buildGradePrompt, GRADER_SYSTEM, parseGradeVerdict } from '../suite/grade-prompt';
import { createRunEnvironment } from '../worker/create-run-environment';

/** A grader that asks `model`; a failed request rejects (the expectation then fails and says why). */
export function createGrader(model: Model): RubricGrader {
  return async (rubric, answer) => {
    const handle = runToolLoop({
      model,
      tools: [],
      system: GRADER_SYSTEM,
      history: [],
      userMessage: { role: 'user', content: [{ type: 'text', text: buildGradePrompt(rubric, answer) }] },
      maxRounds: 1,
      maxTokens: 256,
      temperature: 0,
      environment: createRunEnvironment(),
    });
    for await (const event of handle.events)
      if (event.type === 'run-end' && event.error) throw new Error(event.error.message);
    const result = await handle.result;
    const last = result.messages.at(-1);
    const text =
      last?.role === 'assistant'
        ? last.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('')
        : '';
    return parseGradeVerdict(text);
  };
}

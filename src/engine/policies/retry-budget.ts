// Pure: the per-tool retry budget for invalid calls (ENGINE-SPEC rule 15, Yao's maxToolRetries). No I/O.

/** Tracks consecutive invalid calls per tool and which tools sit out the next round. */
export interface RetryBudget {
  /** An invalid call of `tool`; true when this one used up the budget (the tool is withheld next round). */
  recordInvalid(tool: string): boolean;
  /** A call of `tool` that passed validation resets its count. */
  recordValid(tool: string): void;
  /** Tools withheld from the round now starting; calling it moves the round on (each withholding lasts one round). */
  startRound(): string[];
  /** Whether `tool` is withheld in the current round. */
  isWithheld(tool: string): boolean;
}

/** The text added to the result of the call that used up the budget. */
export function describeExhaustedBudget(tool: string, budget: number): string {
  return (
    `Tool '${tool}' got invalid input ${budget} times in a row. Stop calling it: it is withheld for the next ` +
    'round. Explain to the user what went wrong with its input instead.'
  );
}

/** A budget of `budget` consecutive invalid calls per tool. */
export function createRetryBudget(budget: number): RetryBudget {
  const invalid = new Map<string, number>();
  let next = new Set<string>();
  let current = new Set<string>();
  return {
    recordInvalid(tool) {
      const count = (invalid.get(tool) ?? 0) + 1;
      invalid.set(tool, count);
      if (count < budget) return false;
      invalid.delete(tool);
      next.add(tool);
      return true;
    },
    recordValid(tool) {
      invalid.delete(tool);
    },
    startRound() {
      current = next;
      next = new Set();
      return [...current];
    },
    isWithheld: (tool) => current.has(tool),
  };
}

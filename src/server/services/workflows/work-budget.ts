/**
 * A count of work steps with a ceiling. Code that walks attacker-controlled text charges it as it
 * goes, so the work one request causes has a hard bound (and tests can read how much was done).
 */
export class WorkBudget {
  used = 0;
  readonly limit: number;
  readonly #exceeded: () => Error;

  constructor(limit: number, exceeded: () => Error) {
    this.limit = limit;
    this.#exceeded = exceeded;
  }

  spend(steps: number): void {
    this.used += steps;
    if (this.used > this.limit) throw this.#exceeded();
  }
}

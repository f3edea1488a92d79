/** How one check ended in a live run: the two CheckResult statuses, or a thrown failure. */
export type CheckOutcome = 'passed' | 'not-applicable' | 'failed'

/** The counts of a run, its summary line and the exit code it earns. */
export interface RunSummary {
  passed: number
  notApplicable: number
  failed: number
  total: number
  /** 1 when any check failed; not-applicable checks never fail a run. */
  exitCode: 0 | 1
  /** e.g. `live-check: 25 passed, 3 not applicable, 0 failed (28 checks) against https://…` */
  line: string
}

/**
 * Summarises the outcomes of a live run. Not-applicable checks are counted on their own: a
 * check that could not run (say, on an account without items) proved nothing, so it must never
 * be reported as passed.
 */
export function summarize(outcomes: readonly CheckOutcome[], against: string): RunSummary {
  const count = (status: CheckOutcome): number => outcomes.filter((o) => o === status).length
  const passed = count('passed')
  const notApplicable = count('not-applicable')
  const failed = count('failed')
  const total = outcomes.length
  return {
    passed,
    notApplicable,
    failed,
    total,
    exitCode: failed > 0 ? 1 : 0,
    line:
      `live-check: ${String(passed)} passed, ${String(notApplicable)} not applicable, ${String(failed)} failed ` +
      `(${String(total)} ${total === 1 ? 'check' : 'checks'}) against ${against}`
  }
}

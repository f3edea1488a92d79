import type { ScenarioResult } from './scenario-protocol'

/** Every word a scenario's failed steps said (messages and details), to search for leaks. */
export function errorText(result: ScenarioResult): string {
  return Object.values(result.steps)
    .flatMap((outcome) => (outcome.ok ? [] : [outcome.name, outcome.message, outcome.detail ?? '']))
    .join('\n')
}

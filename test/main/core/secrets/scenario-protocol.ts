/** What the scenario runner can be asked to do, one per child process. */
export type ScenarioName = 'round-trip' | 'seed' | 'locked' | 'read-seed' | 'no-service' | 'hung' | 'missing-module'

/** The key the scenarios store; tests check it never shows up in an error. */
export const KEY_A = 'fd_live_3b7e0c9a51d24f6e8a1c'
/** A second key, for the replace and two-account steps. */
export const KEY_B = 'fd_live_9c2d4e6f80a1b3c5d7e9'
export const ACCOUNT_A = 'studio@example.com'
export const ACCOUNT_B = 'freelance@example.com'

/** How one store call ended. */
export type StepOutcome =
  | { ok: true; value: string | boolean | null; ms: number }
  | { ok: false; name: string; code: string | null; message: string; detail: string | null; ms: number }

/** The one JSON line the runner prints: each step's outcome by name, in order. */
export interface ScenarioResult {
  scenario: ScenarioName
  steps: Record<string, StepOutcome>
}

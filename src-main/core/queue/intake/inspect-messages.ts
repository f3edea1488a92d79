import type { Intake } from './inspect-paths'

/** What the main thread asks the intake worker. */
export interface InspectRequest {
  id: number
  paths: string[]
  maxFiles?: number
}

/** What it answers: the inspection, or why it could not run. */
export type InspectReply = { id: number; result: Intake } | { id: number; error: string }

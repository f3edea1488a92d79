import { CliError } from '../cli-error'
import { flag, stringOption, type OptionValues } from '../command'
import { parseDuration } from '../duration'
import { EXIT } from '../exit-codes'

/** The flags of a command that publishes: the foreground by default, or only queue. */
export const WAIT_OPTIONS = {
  /** Only queue the jobs (handed to a running app when there is one), and leave. */
  queue: { type: 'boolean' },
  'no-wait': { type: 'boolean' },
  /** The default; kept so scripts written for the old default keep working. */
  wait: { type: 'boolean' },
  timeout: { type: 'string' }
} as const

export const WAIT_USAGE = '[--queue | --no-wait] [--timeout <duration>]'

/** How a publishing command runs: follow its jobs to the end (giving up after --timeout while unreachable), or only queue them. */
export type WaitMode = { queueOnly: true } | { queueOnly: false; timeoutMs: number | null }

export function waitMode(values: OptionValues): WaitMode {
  const queueOnly = flag(values, 'queue') || flag(values, 'no-wait')
  const timeout = stringOption(values, 'timeout')
  if (queueOnly && flag(values, 'wait')) throw new CliError('--wait and --queue contradict each other: give one.', EXIT.usage)
  if (queueOnly && timeout !== undefined) throw new CliError('--timeout limits a wait; with --queue nothing is waited for.', EXIT.usage)
  if (queueOnly) return { queueOnly }
  return { queueOnly, timeoutMs: timeout === undefined ? null : parseDuration('--timeout', timeout) }
}

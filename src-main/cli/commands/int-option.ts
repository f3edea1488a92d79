import { CliError } from '../cli-error'
import { stringOption, type OptionValues } from '../command'
import { EXIT } from '../exit-codes'

/**
 * A whole-number option within bounds (`--page 2`), or `fallback` when absent. Anything else
 * is bad usage (exit 2) with a message that says what is allowed.
 */
export function intOption(values: OptionValues, name: string, bounds: { min: number; max: number }, fallback: number): number
export function intOption(values: OptionValues, name: string, bounds: { min: number; max: number }): number | undefined
export function intOption(values: OptionValues, name: string, bounds: { min: number; max: number }, fallback?: number): number | undefined {
  const raw = stringOption(values, name)
  if (raw === undefined) return fallback
  const value = /^\s*\d{1,9}\s*$/.test(raw) ? Number(raw) : NaN
  if (!Number.isInteger(value) || value < bounds.min || value > bounds.max) {
    const range = bounds.max === Number.MAX_SAFE_INTEGER ? `${bounds.min} or more` : `from ${bounds.min} to ${bounds.max}`
    throw new CliError(`--${name} takes a whole number ${range}, not "${raw}".`, EXIT.usage)
  }
  return value
}

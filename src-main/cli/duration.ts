import { CliError } from './cli-error'
import { EXIT } from './exit-codes'

const UNIT_MS = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 } as const

/** `--timeout 30s`, `2m`, `1.5h`, `500ms`; a bare number is seconds. Exit 2 for anything else. */
export function parseDuration(flag: string, text: string): number {
  const match = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(text.trim())
  const amount = match ? Number(match[1]) : NaN
  if (!match || !(amount > 0)) throw new CliError(`${flag} takes a duration such as 30s, 2m or 1h, not "${text}".`, EXIT.usage)
  const unit = (match[2] ?? 's') as keyof typeof UNIT_MS
  return Math.round(amount * UNIT_MS[unit])
}

/** 90,000 ms → "1m 30s"; 30,000 → "30s": how long was waited, as said to a person. */
export function sayDuration(ms: number): string {
  const seconds = Math.round(ms / 1000)
  if (seconds < 60) return `${seconds}s`
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  return rest === 0 ? `${minutes}m` : `${minutes}m ${rest}s`
}

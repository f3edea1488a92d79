import { COMMON_WORDS } from '../words/common'

/**
 * What the UI shows for a value the service did not send: never a made-up 0 or blank.
 * English only, for code not yet converted: call {@link unknownValue} (the window's language).
 */
export const UNKNOWN = 'unknown'

/** "unknown" in the window's language. */
export function unknownValue(): string {
  return COMMON_WORDS.value.unknown
}

/** The value as text, or "unknown" when it is null or undefined. */
export function orUnknown(value: string | number | null | undefined, suffix = ''): string {
  return value === null || value === undefined ? unknownValue() : `${value}${suffix}`
}

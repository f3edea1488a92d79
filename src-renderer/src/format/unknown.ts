/** What the UI shows for a value the service did not send: never a made-up 0 or blank. */
export const UNKNOWN = 'unknown'

/** The value as text, or "unknown" when it is null or undefined. */
export function orUnknown(value: string | number | null | undefined, suffix = ''): string {
  return value === null || value === undefined ? UNKNOWN : `${value}${suffix}`
}

import type { Logger } from '../log'

/**
 * The service's time zone, as far as FlipDrop has learned it. List dates carry no zone
 * (§2.6), and the spec does not state the server's, so it is learned from answers that
 * carry a date in both forms, never assumed (DESIGN §4).
 */
export interface ServerZone {
  /** Minutes east of UTC, or null until an answer has told. */
  readonly offsetMinutes: number | null
  learn(offsetMinutes: number, from: string): void
}

export function createServerZone(log?: Logger): ServerZone {
  let offset: number | null = null
  return {
    get offsetMinutes() {
      return offset
    },
    learn(next, from) {
      if (offset === next) return
      if (offset !== null) log?.warn(`The service's time zone changed from ${offset} to ${next} minutes (learned from ${from})`)
      offset = next
    }
  }
}

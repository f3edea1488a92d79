import { REFUSAL_CODES, type RefusalCode } from '../../../src-shared/domain/queue'

/**
 * The stable code of a path the inspection refused, from the inspection's own code: the same
 * word where there is one, `file-missing` for a path that is not there (the failure's word).
 * An inspection code added later without a word here is left out rather than guessed.
 */
export function refusalCodeOf(inspected: string): RefusalCode | undefined {
  if (inspected === 'not-found') return 'file-missing'
  return (REFUSAL_CODES as readonly string[]).includes(inspected) ? (inspected as RefusalCode) : undefined
}

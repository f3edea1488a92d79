import type { RefusedSource } from '../../../src-shared/domain/queue'

/** What the plan refused (a file too large for it): listed apart from files skipped for what they are. */
export const isPlanRefusal = (refusal: RefusedSource): boolean => refusal.code === 'too-large' || refusal.code === 'quota'

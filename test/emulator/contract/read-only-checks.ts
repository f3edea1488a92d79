import { accountChecks } from './check-account'
import { assumedAccountChecks } from './check-assumed-account'
import { assumedDateChecks } from './check-assumed-dates'
import { assumedListChecks } from './check-assumed-list'
import { assumedProtocolChecks } from './check-assumed-protocol'
import { assumedRateChecks } from './check-assumed-rate'
import { assumedRecordChecks } from './check-assumed-record'
import { authChecks } from './check-auth'
import type { ContractCheck } from './check-helpers'
import { itemChecks } from './check-items'
import type { ContractTarget } from './target'

export type { CheckResult, ContractCheck } from './check-helpers'

/**
 * The read-only contract checks of service-api.md, runnable against the emulator (vitest) and
 * against the live service (live-check.ts). None of them changes anything on the target.
 * The first group checks rules the spec states; the `assumed*` group checks the emulator's
 * choices where the spec is silent (README "Assumptions"; their rule starts with the assumption id).
 */
export function readOnlyContractChecks(target: ContractTarget): ContractCheck[] {
  return [
    ...authChecks(target),
    ...accountChecks(target),
    ...itemChecks(target),
    ...assumedProtocolChecks(target),
    ...assumedRateChecks(target),
    ...assumedAccountChecks(target),
    ...assumedListChecks(target),
    ...assumedDateChecks(target),
    ...assumedRecordChecks(target)
  ]
}

import { accountChecks } from './check-account'
import { authChecks } from './check-auth'
import type { ContractCheck } from './check-helpers'
import { itemChecks } from './check-items'
import type { ContractTarget } from './target'

export type { CheckResult, ContractCheck } from './check-helpers'

/**
 * The read-only contract checks of service-api.md, runnable against the emulator (vitest) and
 * against the live service (live-check.ts). None of them changes anything on the target.
 */
export function readOnlyContractChecks(target: ContractTarget): ContractCheck[] {
  return [...authChecks(target), ...accountChecks(target), ...itemChecks(target)]
}

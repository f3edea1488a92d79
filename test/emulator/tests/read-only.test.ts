import { describe, expect, it } from 'vitest'
import { readOnlyContractChecks } from '../contract/read-only-checks'
import type { ContractTarget } from '../contract/target'
import { OTHER_KEY, targetOf, useEmulator } from './harness'

/** Well below the service's 300 requests per minute, so a live run can never provoke a 429. */
const REQUEST_BUDGET = 150

// The ids and rules, without a target (the checks only send requests when run).
const listed = readOnlyContractChecks({ name: 'emulator', baseUrl: 'http://unused', documentUrl: 'http://unused', apiKey: '' })

// The same checks live-check.ts runs against the real service, sharing one target like a live run.
describe('read-only contract checks against the emulator', () => {
  const emu = useEmulator({ seed: true })
  let target: ContractTarget | undefined
  const checks = (): ReturnType<typeof readOnlyContractChecks> => readOnlyContractChecks((target ??= targetOf(emu())))
  for (const { id, rule } of listed) {
    // On the seeded library every check must apply.
    it(`${id}: ${rule}`, async () => {
      const result = await checks().find((c) => c.id === id)?.run()
      expect(result?.status).toBe('passed')
    })
  }

  it(`a whole run sends at most ${String(REQUEST_BUDGET)} requests`, async () => {
    const before = emu().state.requests.length
    for (const check of readOnlyContractChecks(targetOf(emu()))) await check.run()
    expect(emu().state.requests.length - before).toBeLessThanOrEqual(REQUEST_BUDGET)
  })
})

describe('read-only contract checks on an account without items', () => {
  const emu = useEmulator({ seed: true })
  for (const { id } of listed) {
    // Missing preconditions make a check not applicable, never failed.
    it(`${id} passes or is not applicable`, async () => {
      const result = await readOnlyContractChecks(targetOf(emu(), OTHER_KEY)).find((c) => c.id === id)?.run()
      expect(['passed', 'not-applicable']).toContain(result?.status)
    })
  }
})

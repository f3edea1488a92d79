import { describe, expect, it } from 'vitest'
import { readOnlyContractChecks } from '../contract/read-only-checks'
import { targetOf, useEmulator } from './harness'

// The same checks live-check.ts runs against the real service; here every one must apply.
describe('read-only contract checks against the emulator', () => {
  const emu = useEmulator({ seed: true })
  const checks = readOnlyContractChecks({ name: 'emulator', baseUrl: 'http://unused', documentUrl: 'http://unused', apiKey: '' })
  for (const { id, rule } of checks) {
    it(`${id}: ${rule}`, async () => {
      const check = readOnlyContractChecks(targetOf(emu())).find((c) => c.id === id)
      const result = await check?.run()
      expect(result?.status).toBe('passed')
    })
  }
})

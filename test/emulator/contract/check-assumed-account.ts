import assert from 'node:assert/strict'
import type { ContractTarget } from './target'
import { PASSED, type ContractCheck } from './check-helpers'
import { cachedOk } from './shared-reads'

type Host = 'base' | 'document'

const MIB = 1024 * 1024

/** Emulator choices about the account, the profile and the subscription. */
export function assumedAccountChecks(target: ContractTarget): ContractCheck[] {
  const whoami = (): Promise<Record<string, unknown>> => cachedOk(target, '/api/whoami')
  const subscriptionBody = (host: Host = 'base'): Promise<Record<string, unknown>> => cachedOk(target, '/api/get-subscription-details', host)
  const subscription = async (host: Host = 'base'): Promise<Record<string, unknown>> =>
    (await subscriptionBody(host))['Subscription'] as Record<string, unknown>
  const hosts = (): Host[] => (target.documentUrl === undefined ? ['base'] : ['base', 'document'])
  const prefixOf = (host: Host): string => (host === 'base' ? 'Flipbooks' : 'Documents')
  const checks: ContractCheck[] = [
    {
      id: 'whoami-app-url',
      rule: 'A-app-url: whoami AppURL is the host (with port) of the API origin asked',
      run: async () => {
        assert.equal((await whoami())['AppURL'], new URL(target.baseUrl).host)
        return PASSED
      }
    },
    {
      id: 'profile-matches-whoami',
      rule: 'A-profile-name: the profile Name is whoami Name and subscription Name; the profile Phone is subscription Mobile',
      run: async () => {
        const profile = await cachedOk(target, '/api/get-profile')
        const s = await subscription()
        assert.equal(profile['Name'], (await whoami())['Name'], 'whoami Name')
        assert.equal(s['Name'], profile['Name'], 'subscription Name')
        assert.equal(s['Mobile'], profile['Phone'], 'subscription Mobile')
        return PASSED
      }
    },
    {
      id: 'subscription-quota-placement',
      rule: 'A-subscription-quota: quota fields sit inside Subscription (not beside it) with the host\'s prefix; Left = max(0, Max - Count)',
      run: async () => {
        for (const host of hosts()) {
          const body = await subscriptionBody(host)
          const s = await subscription(host)
          const p = prefixOf(host)
          for (const f of ['Count', 'Max', 'Left']) {
            assert.equal(typeof s[`${p}_${f}`], 'number', `Subscription.${p}_${f}`)
            assert.ok(!(`${p}_${f}` in body), `${p}_${f} also beside Subscription`)
          }
          const [count, max, left] = ['Count', 'Max', 'Left'].map((f) => s[`${p}_${f}`] as number)
          assert.equal(left, Math.max(0, (max ?? 0) - (count ?? 0)), `${p}_Left`)
        }
        return PASSED
      }
    },
    {
      id: 'subscription-max-items',
      rule: "A-max-items: MaxItems is the quota of the host's DocType (<Prefix>_Max as a string), not a total",
      run: async () => {
        for (const host of hosts()) {
          const s = await subscription(host)
          assert.equal(s['MaxItems'], String(s[`${prefixOf(host)}_Max`]), `MaxItems on the ${host} host`)
        }
        return PASSED
      }
    },
    {
      id: 'subscription-file-size-units',
      rule: 'A-max-file-size: MaxFileSizeBytes = MaxFileSizeMB × 1048576 (MiB) and MaxFileSize is that number as a string',
      run: async () => {
        const mb = (await whoami())['MaxFileSizeMB'] as number
        const s = await subscription()
        assert.equal(s['MaxFileSizeBytes'], mb * MIB)
        assert.equal(s['MaxFileSize'], String(mb))
        return PASSED
      }
    }
  ]
  return checks
}

import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import StatusStrip from '../../../src-renderer/src/components/shell/StatusStrip.vue'
import { stripState } from '../../../src-renderer/src/components/shell/status-words'
import { useQueueStore } from '../../../src-renderer/src/stores/queue-store'
import type { Connectivity } from '../../../src-shared/domain/queue'

/* Issue 27: a captive portal or a proxy's login page is said as such, with "Try now" and the countdown. */

const behindPortal = (nextCheckAt: string): Connectivity => ({
  online: false,
  problem: 'portal',
  retryAt: null,
  rateLimitedUntil: null,
  signedIn: true,
  nextCheckAt
})

describe('the status strip behind a sign-in page', () => {
  beforeEach(() => setActivePinia(createPinia()))

  it('says a sign-in page is in the way (hotel or office Wi-Fi?), offers Try now and counts down to the next check', async () => {
    const queue = useQueueStore()
    queue.connectivity = behindPortal(new Date(Date.now() + 8_000).toISOString())
    const wrapper = mount(StatusStrip)
    const strip = wrapper.get('[data-testid="status-strip"]')
    expect(strip.attributes('data-kind')).toBe('portal')
    expect(strip.text()).toContain('A sign-in page is in the way')
    expect(strip.text()).toContain('hotel or office Wi-Fi?')
    expect(strip.text()).toMatch(/Next try in \d+ s/)
    expect(wrapper.findAll('button').map((button) => button.text())).toEqual(['Try now'])
  })

  it('says the portal, not an unreachable service, and nothing once the service answers again', () => {
    const now = Date.now()
    const state = stripState(behindPortal(new Date(now + 1_000).toISOString()), now)
    expect(state).toMatchObject({ kind: 'portal', canTryNow: true })
    expect(`${state?.title ?? ''} ${state?.text ?? ''}`).not.toContain('does not answer')
    expect(stripState({ ...behindPortal(''), online: true, problem: null, nextCheckAt: null }, now)).toBeNull()
  })
})

import { describe, expect, it } from 'vitest'
import { ServiceError, explain } from '../../../../src-main/core/api/service-error'
import { Connectivity, type ConnectivityState } from '../../../../src-main/core/queue/connectivity'

const portal = new ServiceError('portal', explain.portal(), { delivery: 'not-sent' })
const refused = new ServiceError('network', explain.network(), { delivery: 'not-sent' })

describe('connectivity behind a sign-in page', () => {
  it('says the portal while one answers, what the probe meets next, and nothing once the service answers', async () => {
    let answer: ServiceError | null = portal
    const states: ConnectivityState[] = []
    const connectivity = new Connectivity(
      async () => {
        if (answer) throw answer
      },
      (state) => states.push(state)
    )
    try {
      connectivity.reportOffline('portal')
      expect(connectivity.state).toMatchObject({ online: false, cause: 'portal' })
      // The probe meets a refused connection now: said as such.
      answer = refused
      connectivity.checkNow()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(connectivity.state.cause).toBe('unreachable')
      // A request meets the portal again while offline: the cause changes, and is told.
      const told = states.length
      connectivity.reportOffline('portal')
      expect(connectivity.state.cause).toBe('portal')
      expect(states.length).toBe(told + 1)
      answer = null
      connectivity.checkNow()
      await new Promise((resolve) => setTimeout(resolve, 20))
      expect(connectivity.state).toMatchObject({ online: true, cause: null })
    } finally {
      connectivity.stop()
    }
  })
})

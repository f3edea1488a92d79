import { afterEach, describe, expect, it } from 'vitest'
import { KeychainError, explainKeychain } from '../../../../src-main/core/secrets/keychain-error'
import { createKeychainStore } from '../../../../src-main/core/secrets/keychain-store'
import type { KeytarLike } from '../../../../src-main/core/secrets/load-keytar'

/*
 * The timeout path with an injected backend, because real keytar cannot be made to hang on
 * demand in-process (keychain-hang.test.ts does it for real, in a child process).
 */

const KEY = 'fd_live_0f1e2d3c4b5a69788796'

/** A backend whose calls settle only when the test says so (or never). */
function controllableBackend(): { backend: KeytarLike; calls: string[]; settleAll(error: Error): void } {
  const calls: string[] = []
  const pending: ((error: Error) => void)[] = []
  const hang = <T>(name: string): Promise<T> => {
    calls.push(name)
    return new Promise<T>((_resolve, reject) => pending.push(reject))
  }
  return {
    calls,
    backend: {
      getPassword: () => hang('getPassword'),
      setPassword: () => hang('setPassword'),
      deletePassword: () => hang('deletePassword')
    },
    settleAll(error) {
      for (const reject of pending.splice(0)) reject(error)
    }
  }
}

const unhandled: unknown[] = []
const onUnhandled = (reason: unknown): void => void unhandled.push(reason)

afterEach(() => {
  process.off('unhandledRejection', onUnhandled)
  unhandled.length = 0
})

describe('keychain store timeout', () => {
  it('rejects with keychain-timeout after the configured time when the keychain never answers', async () => {
    const { backend, calls } = controllableBackend()
    const store = createKeychainStore({ backend, timeoutMs: 100 })
    const started = performance.now()
    const error = await store.get('studio').catch((caught: unknown) => caught)
    const waited = performance.now() - started

    expect(error).toBeInstanceOf(KeychainError)
    expect(error).toMatchObject({ code: 'keychain-timeout', message: 'The keychain did not answer within 0.1 seconds.' })
    expect(waited).toBeGreaterThanOrEqual(95)
    expect(waited).toBeLessThan(1000)
    expect(calls).toEqual(['getPassword'])
  })

  it('fails at once, without calling the keychain again, while an earlier call is stuck', async () => {
    const { backend, calls } = controllableBackend()
    const store = createKeychainStore({ backend, timeoutMs: 50 })
    await expect(store.get('studio')).rejects.toMatchObject({ code: 'keychain-timeout' })

    const started = performance.now()
    await expect(store.set('studio', KEY)).rejects.toMatchObject({ code: 'keychain-timeout', message: explainKeychain.timeout(50) })
    await expect(store.delete('studio')).rejects.toMatchObject({ code: 'keychain-timeout' })
    expect(await store.probe()).toBe('timeout')
    expect(performance.now() - started).toBeLessThan(40)
    expect(calls).toEqual(['getPassword'])
  })

  it('swallows the late rejection of a timed-out call and recovers once it settles', async () => {
    process.on('unhandledRejection', onUnhandled)
    const first = controllableBackend()
    let answering = false
    const backend: KeytarLike = {
      getPassword: (service, account) => (answering ? Promise.resolve(`${service}/${account}`) : first.backend.getPassword(service, account)),
      setPassword: first.backend.setPassword,
      deletePassword: first.backend.deletePassword
    }
    const store = createKeychainStore({ backend, timeoutMs: 30 })
    await expect(store.get('studio')).rejects.toMatchObject({ code: 'keychain-timeout' })

    first.settleAll(new Error(`libsecret gave up holding ${KEY}`))
    answering = true
    await new Promise((resolve) => setTimeout(resolve, 20))

    expect(unhandled).toEqual([])
    expect(await store.get('studio')).toBe('FlipDrop/studio')
  })
})

import { DataFolderHeldElsewhereError, DataFolderInUseError } from '../../../../src-main/core/storage/lock-errors'
import { describe, expect, it } from 'vitest'
import { explain, ServiceError } from '../../../../src-main/core/api/service-error'
import { createAppService, type AppHost } from '../../../../src-main/core/app/app-service'
import { signInFailure } from '../../../../src-main/core/auth/auth-errors'
import { createKeyRing } from '../../../../src-main/core/auth/key-ring'
import { toBridgeError } from '../../../../src-main/core/errors/to-bridge-error'
import { classifyKeychainError } from '../../../../src-main/core/secrets/classify-keychain-error'
import { createStartup, type Startup } from '../../../../src-main/core/startup'
import { AppError } from '../../../../src-shared/contract/errors'
import type { StartupState } from '../../../../src-shared/domain/startup'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { createLogger } from '../../../../src-main/core/log'

/* Sign-in, the keychain and the app say their sentences in English for the command, with the key and values the window says them by. */

describe('sign-in failures', () => {
  it('keep their English and carry their catalog key', () => {
    const refused = toBridgeError(signInFailure(new ServiceError('unauthorized', explain.unauthorized(), { delivery: 'answered', status: 401 })))
    expect(refused).toEqual({
      code: 'unauthorized',
      message: 'This API key was not accepted. Check that you copied the whole key.',
      said: { key: 'coreAccount.signIn.unauthorized' }
    })
    expect(signInFailure(new Error('boom')).said).toEqual({ key: 'coreAccount.signIn.internal' })
  })

  it('say a rate limit as the service error said it, and an unexpected answer with its reason as a value', () => {
    const limited = new ServiceError('rate-limited', explain.rateLimited(Date.now() + 60_000), { delivery: 'not-sent' })
    expect(signInFailure(limited).said?.key).toBe('coreService.rateLimited')
    const odd = signInFailure(new ServiceError('protocol', explain.protocol('no JSON'), { delivery: 'answered' }))
    expect(odd.message).toBe('The service answered in a way FlipDrop did not expect, so the key was not saved. The service sent an answer FlipDrop could not read (no JSON).')
    expect(odd.said).toEqual({ key: 'coreAccount.signIn.unexpected', values: { reason: 'The service sent an answer FlipDrop could not read (no JSON).' } })
  })
})

describe('the keychain', () => {
  it('says how long it waited as a plural sentence with the seconds as a number', () => {
    const error = classifyKeychainError(new Error('Timeout was reached'), 2500)
    expect(toBridgeError(error)).toEqual({
      code: 'keychain-timeout',
      message: 'The keychain did not answer within 2.5 seconds.',
      said: { key: 'coreAccount.keychain.timeout', values: { seconds: 2.5 }, count: 2.5 }
    })
    expect(classifyKeychainError(new Error('Timeout was reached'), 1000).message).toBe('The keychain did not answer within 1 second.')
  })

  it('a locked keychain at start is a problem line with its said beside the English', async () => {
    const keychain = createMemoryKeychain('locked')
    const ring = createKeyRing({ keychain, environmentKey: undefined, signedInBefore: async () => true, legacyHint: async () => null, log: createLogger(() => {}) })
    await ring.load()
    expect(ring.problem).toEqual({
      code: 'keychain-locked',
      message: 'Your keychain is locked, so FlipDrop cannot read your API key. Unlock it and restart FlipDrop, or sign in again.',
      said: { key: 'coreAccount.keychainLockedAtStart' }
    })
  })
})

describe('the app', () => {
  it('a link it will not open says why by its key', async () => {
    const host: AppHost = { info: { name: 'FlipDrop', version: '1', platform: 'linux', versions: { electron: '', chrome: '', node: '' } }, openUrl: async () => {}, copyText: () => {} }
    const app = createAppService(host, {} as Startup)
    await expect(app.openExternal('http://example.com')).rejects.toMatchObject({
      code: 'not-allowed',
      message: 'Only secure web links (https://) can be opened.',
      said: { key: 'coreApp.openLink.notSecure' }
    })
    await expect(app.showInFolder('/nowhere/Gone.pdf')).rejects.toMatchObject({ said: { key: 'coreApp.showInFolder.noFileManager' } })
  })

  it('a start-up failure keeps the sentence of a deliberate error for the window, and a plain one as it came', async () => {
    const states: StartupState[] = []
    const deliberate = createStartup(() => Promise.reject(new AppError('signed-out', explain.network())), (state) => states.push(state))
    await expect(deliberate.ready()).rejects.toMatchObject({
      message: 'FlipDrop could not start: The service could not be reached. Check your internet connection.',
      // The reason is itself a sentence the window says in its language.
      said: {
        key: 'coreApp.couldNotStart',
        values: { reason: { text: 'The service could not be reached. Check your internet connection.', said: { key: 'coreService.network' } } }
      }
    })
    expect(deliberate.state()).toEqual({ phase: 'failed', message: 'The service could not be reached. Check your internet connection.', said: { key: 'coreService.network' } })
    const plain = createStartup(() => Promise.reject(new Error('disk full')), () => {})
    await plain.ready().catch(() => {})
    expect(plain.state()).toEqual({ phase: 'failed', message: 'Disk full' })
    await expect(plain.ready()).rejects.toMatchObject({ said: { key: 'coreApp.couldNotStart', values: { reason: 'disk full' } } })
  })

  it('a data folder in use says so in the window’s language, with the process as an identifier', () => {
    const here = new DataFolderInUseError(4242, { sameProcess: true })
    expect(here.message).toBe('This FlipDrop (process 4242) is already using this data folder.')
    expect(here.said).toEqual({ key: 'coreApp.dataFolder.inUseHere', values: { pid: '4242' } })
    const elsewhere = new DataFolderHeldElsewhereError(12345, 'studio-mac', '/data/.lock')
    expect(elsewhere.message).toBe('FlipDrop on “studio-mac” (process 12345) is using this data folder. Quit FlipDrop there; if that machine is gone, delete /data/.lock and try again.')
    expect(elsewhere.said.key).toBe('coreApp.dataFolder.heldElsewhere')
  })
})

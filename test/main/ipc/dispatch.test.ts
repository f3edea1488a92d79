import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src-shared/contract/errors'
import type { Core, CoreConfig } from '../../../src-main/core/core'
import { createDispatch } from '../../../src-main/ipc/dispatch'
import { assertComplete, createHandlerTable, handlersOf, type HandlerTable } from '../../../src-main/ipc/handler-table'
import { boot } from '../../../src-main/core/boot'
import type { Logger } from '../../../src-main/core/log'
import { createTestCore } from '../../support/test-core'

async function setup(override?: (table: HandlerTable) => void) {
  const test = await createTestCore()
  const table = createHandlerTable(test.booted.app, test.core)
  override?.(table)
  return { ...test, dispatch: createDispatch(async (area) => table[area], test.booted.log) }
}

describe('createDispatch', () => {
  it('returns the core value in an ok envelope', async () => {
    const { dispatch } = await setup()
    await expect(dispatch('app:info', undefined)).resolves.toMatchObject({ ok: true, value: { version: '9.9.9' } })
  })

  it('rejects input that does not match the schema, naming the channel', async () => {
    const { dispatch, opened } = await setup()
    const reply = await dispatch('app:openExternal', { url: 'https://example.com' })
    expect(reply).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: expect.stringContaining('"app:openExternal" was not valid') }
    })
    expect(opened).toEqual([])
  })

  it('rejects input on a channel that takes none', async () => {
    const { dispatch } = await setup()
    await expect(dispatch('app:info', { sneaky: true })).resolves.toMatchObject({ ok: false, error: { code: 'invalid-input' } })
  })

  it('refuses channels outside the contract', async () => {
    const { dispatch } = await setup()
    await expect(dispatch('fs:readFile', '/etc/passwd')).resolves.toEqual({
      ok: false,
      error: { code: 'unknown-channel', message: 'FlipDrop has no action named "fs:readFile".' }
    })
  })

  it('passes a deliberate AppError through with its code, its message and what the window says', async () => {
    const { dispatch } = await setup()
    await expect(dispatch('app:openExternal', 'http://example.com')).resolves.toEqual({
      ok: false,
      error: { code: 'not-allowed', message: 'Only secure web links (https://) can be opened.', said: { key: 'coreApp.openLink.notSecure' } }
    })
  })

  it('hides unexpected failures behind "internal" and logs them', async () => {
    const { dispatch, logLines } = await setup((table) => {
      table.app.info = () => {
        throw new TypeError('cannot read properties of undefined (at /secret/path.ts:12)')
      }
    })
    const reply = await dispatch('app:info', undefined)
    expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'Something went wrong inside FlipDrop. Please try again.', said: { key: 'coreApp.internal' } } })
    expect(JSON.stringify(reply)).not.toContain('/secret/path.ts')
    expect(logLines.join('\n')).toContain('Unexpected failure in app:info TypeError')
  })

  it('passes an AppError thrown by any handler through unchanged', async () => {
    const { dispatch } = await setup((table) => {
      table.app.info = () => {
        throw new AppError('not-allowed', 'Not today.')
      }
    })
    await expect(dispatch('app:info', undefined)).resolves.toEqual({ ok: false, error: { code: 'not-allowed', message: 'Not today.' } })
  })
})

describe('the handler table', () => {
  it('is registration only: every area is the core service that implements it', async () => {
    const { booted, core } = await createTestCore()
    expect(createHandlerTable(booted.app, core)).toEqual({ account: core.account, app: booted.app, auth: core.auth, library: core.library, links: core.links, readers: core.readers, settings: core.settings, share: core.share, uploads: core.uploads })
  })

  it('is checked at run time too: a channel without a handler is named', async () => {
    const { booted, core } = await createTestCore()
    const table = createHandlerTable(booted.app, core)
    const incomplete = { ...table, auth: { status: table.auth.status } } as unknown as HandlerTable
    expect(() => assertComplete(incomplete)).toThrow('No handler for auth:signIn, auth:signOut, auth:switch, auth:refresh')
    expect(() => assertComplete(table)).not.toThrow()
  })
})

describe('dispatch while the core starts', () => {
  it('answers the app area at once, waits for the core for the others, and reports a failed start', async () => {
    let attempts = 0
    let release: () => void = () => {}
    const { core: realCore } = await createTestCore()
    const start = async (_config: CoreConfig, _log: Logger): Promise<Core> => {
      attempts += 1
      if (attempts === 1) throw new Error('the data folder is in use by another FlipDrop')
      await new Promise<void>((resolve) => (release = resolve))
      return realCore
    }
    const booted = boot({ app: { info: { name: 'FlipDrop', version: '1', platform: 'linux', versions: { electron: '', chrome: '', node: '' } }, openUrl: async () => {}, copyText: () => {} }, userDataDir: '/nonexistent', logSink: () => {} }, start)
    const dispatch = createDispatch(handlersOf(booted), booted.log)
    await expect(dispatch('auth:status', undefined)).resolves.toEqual({
      ok: false,
      error: {
        code: 'not-started',
        message: 'FlipDrop could not start: the data folder is in use by another FlipDrop',
        said: { key: 'coreApp.couldNotStart', values: { reason: 'the data folder is in use by another FlipDrop' } }
      }
    })
    await expect(dispatch('app:startupState', undefined)).resolves.toEqual({
      ok: true,
      value: { phase: 'failed', message: 'The data folder is in use by another FlipDrop' }
    })
    // Retry: while it starts, app answers at once and auth waits.
    const retried = dispatch('app:retryStartup', undefined)
    await expect(dispatch('app:info', undefined)).resolves.toMatchObject({ ok: true })
    const waiting = dispatch('auth:status', undefined)
    release()
    await expect(retried).resolves.toEqual({ ok: true, value: { phase: 'ready', message: null } })
    await expect(waiting).resolves.toMatchObject({ ok: true, value: { signedIn: false } })
  })
})

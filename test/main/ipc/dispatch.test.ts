import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src-shared/contract/errors'
import { createDispatch } from '../../../src-main/ipc/dispatch'
import { createHandlerTable, type HandlerTable } from '../../../src-main/ipc/handler-table'
import { createTestCore } from '../../support/test-core'

async function setup(override?: (table: HandlerTable) => void) {
  const test = await createTestCore()
  const table = createHandlerTable(test.core)
  override?.(table)
  return { ...test, dispatch: createDispatch(table, test.core.log) }
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

  it('passes a deliberate AppError through with its code and message', async () => {
    const { dispatch } = await setup()
    await expect(dispatch('app:openExternal', 'http://example.com')).resolves.toEqual({
      ok: false,
      error: { code: 'not-allowed', message: 'Only secure web links (https://) can be opened.' }
    })
  })

  it('hides unexpected failures behind "internal" and logs them', async () => {
    const { dispatch, logLines } = await setup((table) => {
      table.app.info = () => {
        throw new TypeError('cannot read properties of undefined (at /secret/path.ts:12)')
      }
    })
    const reply = await dispatch('app:info', undefined)
    expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'Something went wrong inside FlipDrop. Please try again.' } })
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

  it('refuses to start when a contract channel has no handler', async () => {
    const { core } = await createTestCore()
    const table = createHandlerTable(core)
    const incomplete = { ...table, app: { info: table.app.info } } as unknown as HandlerTable
    expect(() => createDispatch(incomplete, core.log)).toThrow('No handler for contract channel app:openExternal')
  })
})

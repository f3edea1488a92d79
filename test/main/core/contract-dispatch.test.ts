import { describe, expect, it } from 'vitest'
import { AppError } from '../../../src-shared/contract/errors'
import { createContractDispatch } from '../../../src-main/core/contract-dispatch'
import { createLogger } from '../../../src-main/core/log'

function memoryLog() {
  const lines: string[] = []
  return { lines, log: createLogger((level, line) => lines.push(`${level}: ${line}`)) }
}

describe('createContractDispatch', () => {
  it('serves only the areas it is given, and says so in the caller\'s words', async () => {
    const { log } = memoryLog()
    const asked: string[] = []
    const dispatch = createContractDispatch({
      areas: ['app'],
      handlersOf: (area) => {
        asked.push(area)
        return { info: () => ({ name: 'FlipDrop' }) }
      },
      unknownChannel: (channel) => `No "${channel}" here.`,
      log
    })
    await expect(dispatch('app:info', undefined)).resolves.toEqual({ ok: true, value: { name: 'FlipDrop' } })
    await expect(dispatch('auth:status', undefined)).resolves.toEqual({ ok: false, error: { code: 'unknown-channel', message: 'No "auth:status" here.' } })
    expect(asked).toEqual(['app'])
  })

  it('waits for handlers found later, and answers with the error when finding them fails', async () => {
    const { log } = memoryLog()
    let ready: (handlers: object) => void = () => {}
    const later = new Promise<object>((resolve) => (ready = resolve))
    const waiting = createContractDispatch({ areas: ['app'], handlersOf: () => later, unknownChannel: String, log })
    const reply = waiting('app:info', undefined)
    ready({ info: async () => 'late' })
    await expect(reply).resolves.toEqual({ ok: true, value: 'late' })

    const failing = createContractDispatch({
      areas: ['auth'],
      handlersOf: async () => {
        throw new AppError('not-started', 'FlipDrop could not start.')
      },
      unknownChannel: String,
      log
    })
    await expect(failing('auth:status', undefined)).resolves.toEqual({ ok: false, error: { code: 'not-started', message: 'FlipDrop could not start.' } })
  })

  it('never calls a handler with input its schema refuses', async () => {
    const { log } = memoryLog()
    const calls: unknown[] = []
    const dispatch = createContractDispatch({
      areas: ['app'],
      handlersOf: () => ({ openExternal: (input: unknown) => calls.push(input) }),
      unknownChannel: String,
      log
    })
    const reply = await dispatch('app:openExternal', { url: 'https://example.com' })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('"app:openExternal" was not valid') } })
    expect(calls).toEqual([])
  })

  it('names a missing method in the log (with where the call came from), and answers internal', async () => {
    const { log, lines } = memoryLog()
    const dispatch = createContractDispatch({ areas: ['app'], handlersOf: () => ({}), unknownChannel: String, log, origin: 'test door' })
    await expect(dispatch('app:info', undefined)).resolves.toEqual({
      ok: false,
      error: { code: 'internal', message: 'Something went wrong inside FlipDrop. Please try again.', said: { key: 'coreApp.internal' } }
    })
    expect(lines.join('\n')).toContain('Unexpected failure in app:info (test door) Error: No handler for contract channel app:info')
  })
})

import { rm } from 'node:fs/promises'
import { afterEach, describe, expect, it } from 'vitest'
import { AppError } from '../../../../src-shared/contract/errors'
import { createHandoffDispatch } from '../../../../src-main/core/handoff/uploads-dispatch'
import { createLogger } from '../../../../src-main/core/log'
import { createTestCore } from '../../../support/test-core'

const started: { close(): Promise<void> }[] = []
afterEach(async () => {
  for (const part of started.splice(0)) await part.close()
})

async function setup() {
  const test = await createTestCore()
  started.push(test.core, { close: () => rm(test.userDataDir, { recursive: true, force: true }) })
  const lines: string[] = []
  const log = createLogger((level, line) => lines.push(`${level}: ${line}`))
  return { ...test, lines, log }
}

describe('createHandoffDispatch', () => {
  it('answers the queue, the links and readers\' numbers of the running core, in envelopes', async () => {
    const { core, log } = await setup()
    const dispatch = createHandoffDispatch({ uploads: core.uploads, links: core.links, readers: core.readers }, log)
    await expect(dispatch('uploads:list', undefined)).resolves.toMatchObject({ ok: true, value: { jobs: [], paused: false } })
    await expect(dispatch('links:list', undefined)).resolves.toMatchObject({ ok: true, value: { links: [], folders: [] } })
    await expect(dispatch('readers:summary', undefined)).resolves.toMatchObject({ ok: true, value: { week: {} } })
  })

  it('refuses every other area in words for the other command, without calling anything', async () => {
    const { core, log, lines } = await setup()
    const dispatch = createHandoffDispatch({ uploads: core.uploads, links: core.links, readers: core.readers }, log)
    for (const channel of ['auth:signOut', 'settings:update', 'app:openExternal', 'uploads:nope']) {
      await expect(dispatch(channel, undefined)).resolves.toEqual({
        ok: false,
        error: { code: 'unknown-channel', message: `FlipDrop has no action named "${channel}" for other commands.` }
      })
    }
    expect(lines).toEqual([])
  })

  it('checks the input with the contract schema before the queue sees it', async () => {
    const { core, log } = await setup()
    const dispatch = createHandoffDispatch({ uploads: core.uploads, links: core.links, readers: core.readers }, log)
    const reply = await dispatch('uploads:enqueueUrl', { url: 42 })
    expect(reply).toMatchObject({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('"uploads:enqueueUrl" was not valid') } })
    await expect(dispatch('uploads:list', undefined)).resolves.toMatchObject({ ok: true, value: { jobs: [] } })
  })

  it('keeps a deliberate failure, and logs an unexpected one as handed over while answering internal', async () => {
    const { core, log, lines } = await setup()
    const uploads = {
      ...core.uploads,
      list: () => {
        throw new TypeError('boom at /secret/queue.ts:9')
      }
    }
    const links = {
      ...core.links,
      list: () => {
        throw new AppError('not-allowed', 'Not from here.')
      }
    }
    const dispatch = createHandoffDispatch({ uploads, links, readers: core.readers }, log)
    const reply = await dispatch('uploads:list', undefined)
    expect(reply).toEqual({ ok: false, error: { code: 'internal', message: 'Something went wrong inside FlipDrop. Please try again.', said: { key: 'coreApp.internal' } } })
    expect(JSON.stringify(reply)).not.toContain('/secret/')
    expect(lines.join('\n')).toContain('Unexpected failure in uploads:list (handed over) TypeError')
    await expect(dispatch('links:list', undefined)).resolves.toEqual({ ok: false, error: { code: 'not-allowed', message: 'Not from here.' } })
  })
})

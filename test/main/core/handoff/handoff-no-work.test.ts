import { rm } from 'node:fs/promises'
import { connect } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { connectToHolder } from '../../../../src-main/core/handoff/handoff-client'
import { readDataLock } from '../../../../src-main/core/storage/data-lock'
import { createTestCore } from '../../../support/test-core'

/*
 * A core that runs no uploads (a plain `flipdrop upload` queueing files and leaving) must
 * never take work from another command: jobs handed to it would never be sent. It still
 * answers pings, so others know it is alive, and a second command waits for it to leave.
 */

const cleanups: (() => Promise<void> | void)[] = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function queueingCommand() {
  const test = await createTestCore({ role: 'command', runUploads: false })
  cleanups.push(() => rm(test.userDataDir, { recursive: true, force: true }))
  let closed = false
  const close = async (): Promise<void> => {
    if (closed) return
    closed = true
    await test.core.close()
  }
  cleanups.push(close)
  return { ...test, close }
}

/** One request on a fresh connection, and the holder's one-line answer. */
function ask(address: string, message: Record<string, unknown>): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(address)
    let received = ''
    socket.on('error', reject)
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('utf8')
      if (!received.includes('\n')) return
      socket.destroy()
      resolve(JSON.parse(received.slice(0, received.indexOf('\n'))))
    })
    socket.write(`${JSON.stringify(message)}\n`)
  })
}

describe('a core that runs no uploads', () => {
  it('says so in its lock, answers pings, and refuses work with a message', async () => {
    const { userDataDir } = await queueingCommand()
    const lock = await readDataLock(userDataDir)
    const socket = lock?.info['socket']
    const token = lock?.info['token']
    if (!socket || !token) throw new Error('the lock publishes no socket')
    expect(lock?.info['handoff']).toBe('off')
    await expect(ask(socket, { id: 0, token, ping: true })).resolves.toEqual({ id: 0, reply: { ok: true, value: null } })
    await expect(ask(socket, { id: 1, token, channel: 'uploads:enqueueUrl', input: { url: 'https://example.com/a.pdf' } })).resolves.toEqual({
      id: 1,
      reply: {
        ok: false,
        error: {
          code: 'not-allowed',
          message: `This flipdrop (process ${process.pid}) works only on its own files, so it takes no work from other commands. Try again once it has finished.`
        }
      }
    })
  })

  it('is waited for, never handed work: a second command gets the folder once it leaves', async () => {
    const holder = await queueingCommand()
    const waitedFor: number[] = []
    const connecting = connectToHolder(holder.userDataDir, { onWait: (busy) => waitedFor.push(busy.pid) })
    await expect.poll(() => waitedFor).toEqual([process.pid])
    await holder.close()
    // Nobody holds the folder now: the caller takes it itself.
    await expect(connecting).resolves.toBeNull()
    expect(holder.core.uploads.list().jobs).toEqual([])
  })

  it('gives up waiting after the bound, saying what to do', async () => {
    const holder = await queueingCommand()
    const started = Date.now()
    await expect(connectToHolder(holder.userDataDir, { waitForFolderMs: 300 })).rejects.toThrow(
      `flipdrop (process ${process.pid}) is still working on its own files in this data folder after 300 ms, and it takes no work from other commands. Try again once it has finished.`
    )
    expect(Date.now() - started).toBeLessThan(3_000)
  })
})

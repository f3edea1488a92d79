import { createServer, type Server, type Socket } from 'node:net'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../../../emulator'
import type { ApiClientOptions } from '../../../../src-main/core/api/api-client'
import { createMemoryKeychain } from '../../../support/memory-keychain'
import { fastClient } from '../../../support/queue-fixture'
import { createTestCore } from '../../../support/test-core'

/*
 * Signing in while the service cannot be reached: the connection is the problem, the key was
 * never checked. Whatever way the network fails (reset, refused, no such host, no answer),
 * the form never says the key was refused, and nothing is kept.
 */

const KEY = 'fd-offline-sign-in-key'
const UNREACHABLE = 'FlipDrop can’t reach the service. Check your connection and try again; your key was not checked.'
let emulator: RunningEmulator
/** A port that accepts connections and never answers (a request that times out). */
let silent: Server
let silentUrl = ''
const held: Socket[] = []

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
  silent = createServer((socket) => void held.push(socket))
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const address = silent.address()
  silentUrl = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : ''
})
afterAll(async () => {
  await emulator.close()
  held.forEach((socket) => socket.destroy())
  await new Promise<void>((resolve) => silent.close(() => resolve()))
})

async function signInAt(baseUrl: string) {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-offline-sign-in-'))
  await writeFile(join(dir, 'settings.json'), JSON.stringify({ baseUrl }))
  const keychain = createMemoryKeychain('ok')
  // Quick retries and a one-second wait for an answer: the test runs at test speed.
  const createClient = (options: ApiClientOptions) => fastClient({ ...options, requestTimeoutMs: 1_000 })
  const { core } = await createTestCore({ userDataDir: dir, keychain, createClient })
  const outcome = await Promise.resolve(core.auth.signIn({ apiKey: KEY, sessionOnly: false })).then(
    () => null,
    (error: unknown) => error
  )
  await core.close()
  return { outcome, kept: keychain.entries.size, state: core.auth.status() }
}

describe('signing in while the service cannot be reached', () => {
  it('every connection reset: the connection is blamed, the key was not checked', async () => {
    await emulator.faults.add({ route: '*', kind: 'reset-request', count: 'always' })
    try {
      const { outcome, kept, state } = await signInAt(emulator.baseUrl)
      expect(outcome).toMatchObject({ code: 'network', message: UNREACHABLE })
      expect(kept).toBe(0)
      expect(state.signedIn).toBe(false)
    } finally {
      emulator.faults.clear()
    }
  })

  it('connection refused (the service stopped), no such host, and no answer at all say the same', async () => {
    const stopped = await startEmulator({ keys: [KEY], log: () => {} })
    const stoppedUrl = stopped.baseUrl
    await stopped.close()
    for (const baseUrl of [stoppedUrl, 'http://flipdrop-no-such-host.invalid', silentUrl]) {
      const { outcome, kept } = await signInAt(baseUrl)
      expect(outcome, baseUrl).toMatchObject({ code: 'network', message: UNREACHABLE })
      expect(kept).toBe(0)
    }
  })
})

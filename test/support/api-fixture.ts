import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { createApiClient, type ApiClient, type ApiClientOptions } from '../../src-main/core/api/api-client'
import { RateLimiter } from '../../src-main/core/api/rate-limiter'
import { startEmulator, type EmulatorOptionsInput, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'

export const KEY = 'fd-test-key-4f1c9a2b7e'

export interface ApiFixture {
  emulator: RunningEmulator
  client: ApiClient
  dir: string
  /** A fresh client on the same emulator, with its own limiter unless one is given. */
  newClient(options?: Partial<ApiClientOptions>): ApiClient
  /** Writes a real PDF with `pages` pages into the temp folder and returns its path. */
  pdf(name: string, pages?: number): Promise<string>
}

/**
 * Starts the emulator on loopback and a client for it, for one test file. Every client
 * gets its own limiter so test files do not share rate windows.
 */
export function useApiFixture(emulatorOptions: EmulatorOptionsInput = {}, clientOptions: Partial<ApiClientOptions> = {}) {
  let fixture: ApiFixture | undefined
  const clients: ApiClient[] = []
  beforeAll(async () => {
    const emulator = await startEmulator({ keys: [KEY, 'other-key'], log: () => {}, ...emulatorOptions })
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-api-'))
    const newClient = (options: Partial<ApiClientOptions> = {}): ApiClient => {
      const client = createApiClient({
        apiKey: KEY,
        baseUrl: emulator.baseUrl,
        documentUrl: emulator.documentUrl,
        limiter: new RateLimiter(),
        retryBaseMs: 20,
        ...clientOptions,
        ...options
      })
      clients.push(client)
      return client
    }
    fixture = {
      emulator,
      dir,
      client: newClient(),
      newClient,
      async pdf(name, pages = 2) {
        const path = join(dir, name)
        await writeFile(path, await makePdf(pages, name))
        return path
      }
    }
  })
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()))
    await fixture?.emulator.close()
    if (fixture) await rm(fixture.dir, { recursive: true, force: true })
  })
  return (): ApiFixture => {
    if (!fixture) throw new Error('fixture not started')
    return fixture
  }
}

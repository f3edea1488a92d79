import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAccountCache } from '../../../../src-main/core/auth/account-cache'
import type { Account } from '../../../../src-shared/domain/service/account'
import { refuseRenames } from '../../../support/busy-rename'

const ACCOUNT: Account = { userId: 'u-7', vendorId: 'v-7', name: 'Ada', email: 'ada@example.com', brand: 'Northwind', appUrl: 'https://app.example.com', maxFileSizeMb: 50 }

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-account-cache-'))
})
afterEach(async () => {
  vi.restoreAllMocks()
  await rm(dir, { recursive: true, force: true })
})

describe('account cache', () => {
  it('writes durably: a rename refused as busy (Windows scanner) is retried, no temp file is left, the file is private', async () => {
    const scanner = refuseRenames(3, 'EBUSY')
    await createAccountCache(dir).write(ACCOUNT)
    expect(scanner.refused()).toBe(3)
    expect(await readdir(dir)).toEqual(['account.json'])
    expect((await stat(join(dir, 'account.json'))).mode & 0o777).toBe(0o600)
    await expect(createAccountCache(dir).read()).resolves.toEqual(ACCOUNT)
  })

  it('replaces the cached account, and clear forgets it', async () => {
    const cache = createAccountCache(dir)
    await cache.write(ACCOUNT)
    await cache.write({ ...ACCOUNT, name: 'Ada L.' })
    await expect(cache.read()).resolves.toMatchObject({ name: 'Ada L.' })
    await cache.clear()
    await expect(cache.read()).resolves.toBeNull()
    expect(await readdir(dir)).toEqual([])
  })
})

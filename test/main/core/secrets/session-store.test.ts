import { describe, expect, it } from 'vitest'
import { createSessionStore } from '../../../../src-main/core/secrets/session-store'

describe('session store', () => {
  it('keeps keys in memory, one per account, until deleted', async () => {
    const store = createSessionStore()
    expect(store.storage).toBe('session')
    expect(await store.get('studio')).toBeNull()

    await store.set('studio', 'fd_live_first')
    await store.set('studio', 'fd_live_second')
    await store.set('freelance', 'fd_live_other')
    expect(await store.get('studio')).toBe('fd_live_second')

    expect(await store.delete('studio')).toBe(true)
    expect(await store.delete('studio')).toBe(false)
    expect(await store.get('studio')).toBeNull()
    expect(await store.get('freelance')).toBe('fd_live_other')
  })

  it('keeps nothing between stores, as nothing survives a restart', async () => {
    const first = createSessionStore()
    await first.set('studio', 'fd_live_first')
    expect(await createSessionStore().get('studio')).toBeNull()
  })

  it('rejects an empty account or key', async () => {
    const store = createSessionStore()
    await expect(store.set('studio', '')).rejects.toThrow(TypeError)
    await expect(store.get('')).rejects.toThrow(TypeError)
    expect(await store.get('studio')).toBeNull()
  })
})

import { mkdtemp, readdir, readFile, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '../../../../src-main/core/log'
import { createSettingsService } from '../../../../src-main/core/settings/settings-service'
import { openSettingsStore } from '../../../../src-main/core/settings/settings-store'
import { settingsPatchSchema, settingsSchema } from '../../../../src-shared/domain/settings'
import { refuseRenames } from '../../../support/busy-rename'

async function folder(contents?: string) {
  const dir = await mkdtemp(join(tmpdir(), 'flipdrop-settings-'))
  if (contents !== undefined) await writeFile(join(dir, 'settings.json'), contents)
  const lines: string[] = []
  const log = createLogger((level, line) => lines.push(`${level} ${line}`))
  return { dir, lines, log }
}

describe('settings schema (shared by the form and main)', () => {
  it('has defaults', () => {
    expect(settingsSchema.parse({})).toEqual({
      baseUrl: 'https://go.fliplink.me',
      documentUrl: '',
      uploadConcurrency: 2,
      proxyUrl: '',
      notifications: true,
      language: 'system',
      readersRefresh: '6h',
      readersNotifications: false
    })
  })

  it.each([
    [{ baseUrl: 'http://example.com' }, 'http:// is allowed only for this computer'],
    [{ baseUrl: 'not a url' }, 'The flipbook service address is not a valid web address.'],
    [{ baseUrl: 'https://user:pw@example.com' }, 'must not contain a user name or password'],
    [{ documentUrl: 'ftp://docs.example.com' }, 'The document service address must start with https://'],
    [{ uploadConcurrency: 0 }, 'At least one upload at a time.'],
    [{ uploadConcurrency: 7 }, 'At most 6 uploads at a time.'],
    [{ uploadConcurrency: 2.5 }, 'whole number'],
    [{ proxyUrl: 'socks5://proxy:1080' }, 'Proxy must be an http:// or https:// address']
  ])('refuses %j with a specific message', (input, message) => {
    const result = settingsSchema.safeParse(input)
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((issue) => issue.message).join('\n')).toContain(message)
  })

  it('accepts loopback http for a local emulator and trims a trailing slash', () => {
    expect(settingsSchema.parse({ baseUrl: 'http://127.0.0.1:8787/' }).baseUrl).toBe('http://127.0.0.1:8787')
    expect(settingsSchema.parse({ documentUrl: 'https://docs.example.com' }).documentUrl).toBe('https://docs.example.com')
  })

  it('holds no proxy password: read from an old file it is left out (it moves to the keychain), in a change it is refused', () => {
    expect(settingsSchema.parse({ proxyUrl: 'http://dana:pw%205521@proxy.example.com:8080' }).proxyUrl).toBe('http://dana@proxy.example.com:8080')
    expect(settingsSchema.parse({ proxyUrl: 'http://dana@proxy.example.com:8080' }).proxyUrl).toBe('http://dana@proxy.example.com:8080')
    const change = settingsPatchSchema.safeParse({ proxyUrl: 'http://dana:pw@proxy.example.com:8080' })
    expect(change.error?.issues[0]?.message).toContain('password field')
    expect(settingsPatchSchema.parse({ proxyUrl: 'http://dana@proxy.example.com:8080' })).toEqual({ proxyUrl: 'http://dana@proxy.example.com:8080' })
  })

  it('refuses unknown fields in a change', () => {
    expect(settingsPatchSchema.safeParse({ apiKey: 'sneaky' }).success).toBe(false)
  })

  it('a change of one field carries only that field: the others are kept, never reset to their defaults', () => {
    expect(settingsPatchSchema.parse({ documentUrl: 'https://docs.example.com/' })).toEqual({ documentUrl: 'https://docs.example.com' })
    expect(settingsPatchSchema.parse({ notifications: false })).toEqual({ notifications: false })
    expect(settingsPatchSchema.safeParse({ uploadConcurrency: 9 }).success).toBe(false)
  })
})

describe('settings store', () => {
  afterEach(() => {
    vi.restoreAllMocks()
  })


  it('gives defaults without a file, and keeps them on a broken or invalid one (with a warning)', async () => {
    const none = await folder()
    expect((await openSettingsStore(none.dir, none.log)).get().baseUrl).toBe('https://go.fliplink.me')
    const broken = await folder('{ not json')
    expect((await openSettingsStore(broken.dir, broken.log)).get().uploadConcurrency).toBe(2)
    expect(broken.lines.join('\n')).toContain('unreadable')
    const invalid = await folder(JSON.stringify({ uploadConcurrency: 99 }))
    expect((await openSettingsStore(invalid.dir, invalid.log)).get().uploadConcurrency).toBe(2)
    expect(invalid.lines.join('\n')).toContain('invalid values')
  })

  it('sets a broken file aside and says so (never silently replaced by defaults); a later save leaves it alone', async () => {
    const broken = await folder('{ "uploadConcurrency": 4, not json')
    const store = await openSettingsStore(broken.dir, broken.log, { keepAside: true })
    expect(store.get().uploadConcurrency).toBe(2)
    const aside = (await readdir(broken.dir)).filter((name) => /^settings\.broken-.+\.json$/.test(name))
    expect(aside).toHaveLength(1)
    expect(await readFile(join(broken.dir, aside[0] ?? ''), 'utf8')).toBe('{ "uploadConcurrency": 4, not json')
    expect(store.notice).toContain('unreadable, so FlipDrop uses the default settings')
    expect(store.notice).toContain(`kept as ${aside[0] ?? ''}`)
    // The command prints errors: the notice is one, the parser's words are not.
    expect(broken.lines.filter((line) => line.startsWith('error'))).toEqual([`error ${store.notice ?? ''}`])
    await store.update({ uploadConcurrency: 3 })
    expect(await readFile(join(broken.dir, aside[0] ?? ''), 'utf8')).toBe('{ "uploadConcurrency": 4, not json')
    // Said once: the next start finds the new file and nothing to say.
    const again = await openSettingsStore(broken.dir, broken.log, { keepAside: true })
    expect(again.notice).toBeNull()
    expect(again.get().uploadConcurrency).toBe(3)
  })

  it('says so without moving the file when this process does not hold the data folder', async () => {
    const invalid = await folder(JSON.stringify({ uploadConcurrency: 99 }))
    const store = await openSettingsStore(invalid.dir, invalid.log)
    expect(store.notice).toContain('invalid values')
    expect(store.notice).toContain('left as it is')
    expect(await readdir(invalid.dir)).toEqual(['settings.json'])
  })

  it('saves a valid change to a private file and reads it back on the next start', async () => {
    const { dir, log } = await folder()
    const store = await openSettingsStore(dir, log)
    await store.update({ uploadConcurrency: 4, proxyUrl: 'http://proxy.example.com:8080' })
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600)
    const again = await openSettingsStore(dir, log)
    expect(again.get()).toMatchObject({ uploadConcurrency: 4, proxyUrl: 'http://proxy.example.com:8080' })
  })

  it('two changes asked in the same moment are both kept, on disk too (each applies to what the other kept)', async () => {
    const { dir, log } = await folder()
    const store = await openSettingsStore(dir, log)
    const [first, second] = await Promise.all([store.update({ readersRefresh: 'hourly' }), store.update({ readersNotifications: true })])
    expect(first).toMatchObject({ readersRefresh: 'hourly', readersNotifications: false })
    expect(second).toMatchObject({ readersRefresh: 'hourly', readersNotifications: true })
    expect(store.get()).toMatchObject({ readersRefresh: 'hourly', readersNotifications: true })
    expect((await openSettingsStore(dir, log)).get()).toMatchObject({ readersRefresh: 'hourly', readersNotifications: true })
  })

  it('a refused change leaves the next one free to apply', async () => {
    const { dir, log } = await folder()
    const store = await openSettingsStore(dir, log)
    await expect(store.update({ uploadConcurrency: 0 })).rejects.toThrow()
    await expect(store.update({ uploadConcurrency: 3 })).resolves.toMatchObject({ uploadConcurrency: 3 })
  })

  it('a change of one setting keeps the others (a document address typed at sign-in keeps the proxy)', async () => {
    const { dir, log } = await folder()
    const store = await openSettingsStore(dir, log)
    await store.update({ baseUrl: 'http://127.0.0.1:8787', uploadConcurrency: 4, proxyUrl: 'http://proxy.example.com:8080', notifications: false })
    await store.update({ documentUrl: 'https://docs.example.com' })
    expect((await openSettingsStore(dir, log)).get()).toEqual({
      baseUrl: 'http://127.0.0.1:8787',
      documentUrl: 'https://docs.example.com',
      uploadConcurrency: 4,
      proxyUrl: 'http://proxy.example.com:8080',
      notifications: false,
      language: 'system',
      readersRefresh: '6h',
      readersNotifications: false
    })
  })

  it('keeps the language chosen in Settings across a restart, and the service hands it to the window', async () => {
    const { dir, log } = await folder(JSON.stringify({ uploadConcurrency: 3 }))
    // A file from before the language setting reads as the system's language, nothing else changed.
    const store = await openSettingsStore(dir, log)
    expect(store.get()).toMatchObject({ uploadConcurrency: 3, language: 'system' })
    const service = createSettingsService(store, {}, () => {}, () => {})
    expect((await service.update({ language: 'de' })).values.language).toBe('de')
    const again = await openSettingsStore(dir, log)
    expect(again.notice).toBeNull()
    expect(again.get()).toMatchObject({ uploadConcurrency: 3, language: 'de' })
    expect((await createSettingsService(again, {}, () => {}, () => {}).get()).values.language).toBe('de')
    // Back to the system's language; a language FlipDrop does not ship is refused, the choice kept.
    await service.update({ language: 'system' })
    await expect(service.update({ language: 'xx' as never })).rejects.toThrow()
    expect((await openSettingsStore(dir, log)).get().language).toBe('system')
  })

  it('saves through the durable write: a rename refused as busy (Windows scanner) is retried, the file stays private', async () => {
    const { dir, log } = await folder()
    const store = await openSettingsStore(dir, log)
    const scanner = refuseRenames(2)
    await store.update({ uploadConcurrency: 5 })
    expect(scanner.refused()).toBe(2)
    expect(await readdir(dir)).toEqual(['settings.json'])
    expect((await stat(join(dir, 'settings.json'))).mode & 0o777).toBe(0o600)
    expect((await openSettingsStore(dir, log)).get().uploadConcurrency).toBe(5)
  })

  it('refuses an invalid change and keeps the file as it was', async () => {
    const { dir, log } = await folder()
    const store = await openSettingsStore(dir, log)
    await store.update({ uploadConcurrency: 3 })
    await expect(store.update({ uploadConcurrency: 0 })).rejects.toThrow()
    expect(JSON.parse(await readFile(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ uploadConcurrency: 3 })
  })
})

describe('settings service', () => {
  it('shows environment values as in use and flags them; a change is applied and announced', async () => {
    const { dir, log } = await folder()
    const events: { channel: string; payload: unknown }[] = []
    let applied = 0
    const service = createSettingsService(
      await openSettingsStore(dir, log),
      { baseUrl: 'http://127.0.0.1:9999', apiKey: 'k' },
      (spec, payload) => events.push({ channel: spec.channel, payload }),
      () => applied++
    )
    expect(service.get()).toMatchObject({
      values: { baseUrl: 'http://127.0.0.1:9999' },
      fromEnvironment: { baseUrl: true, documentUrl: false, apiKey: true }
    })
    const next = await service.update({ notifications: false })
    expect(next.values.notifications).toBe(false)
    expect(applied).toBe(1)
    expect(events).toEqual([{ channel: 'settings:changed', payload: next }])
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { formatAgo } from '../../../src-renderer/src/format/dates'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { syncWords } from '../../../src-renderer/src/library/words'

/* A sync that just finished reads as one sentence in every language, never "Last synced just now" glued from parts. */

describe('the library’s sync line', () => {
  afterEach(() => speak('en'))

  it('says a sync that just finished as its own sentence, in English and in German', async () => {
    const now = Date.now()
    const justNow = new Date(now - 5_000).toISOString()
    expect(syncWords.synced(formatAgo(justNow, now))).toBe('Last synced just now')
    await speak('de')
    expect(syncWords.synced(formatAgo(justNow, now))).toBe('Gerade eben synchronisiert')
    expect(syncWords.synced(formatAgo(new Date(now - 5 * 60_000).toISOString(), now))).toMatch(/^Zuletzt synchronisiert vor 5 Minuten$/)
  })
})

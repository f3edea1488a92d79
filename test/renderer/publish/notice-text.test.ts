import { afterAll, describe, expect, it } from 'vitest'
import { sentence } from '../../../src-main/core/i18n/sentence'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { noticeText } from '../../../src-renderer/src/publish/notice-text'

/* The queue's notices (a restore that lost something, a broken settings file) in the window's language. */

afterAll(() => speak('en'))

const torn = [sentence('coreQueue.notices.torn'), sentence('coreQueue.notices.restAsItWas')]
const english = torn.map((one) => one.text).join(' ')

describe('noticeText', () => {
  it('in English, exactly what the command prints', async () => {
    await speak('en')
    expect(noticeText(english, torn.map((one) => one.said))).toBe(english)
  })

  it('in German every sentence is German; in Japanese they follow each other with no space', async () => {
    await speak('de')
    const german = noticeText(english, torn.map((one) => one.said))
    expect(german).not.toContain('FlipDrop stopped')
    expect(german).toContain('FlipDrop')
    expect(german.split('. ').length).toBeGreaterThan(1)
    await speak('ja')
    const japanese = noticeText(english, torn.map((one) => one.said))
    expect(japanese).toMatch(/。\S/)
  })

  it('a notice from an older core, or with a sentence the catalog does not have, shows its English', async () => {
    await speak('de')
    expect(noticeText(english, undefined)).toBe(english)
    expect(noticeText(english, [{ key: 'coreQueue.notices.noSuchSentence' }])).toBe(english)
  })
})

import { afterEach, describe, expect, it } from 'vitest'
import { readersNotice } from '../../../src-main/shell/desktop-wording'
import { speakDesktop } from '../../../src-main/shell/i18n/desktop-i18n'

afterEach(() => speakDesktop('en'))

describe('the notification of new leads', () => {
  it('names the item with the most new leads, and the others below', () => {
    expect(readersNotice({ items: [{ name: 'Spring catalogue', leads: 12 }] }, null)).toEqual({
      title: 'Spring catalogue: 12 new leads since yesterday',
      body: 'Click to see it in FlipDrop.',
      jobId: null,
      copyLink: null
    })
    expect(readersNotice({ items: [{ name: 'Spring catalogue', leads: 1 }, { name: 'Price list', leads: 1 }] }, 'Studio North')).toMatchObject({
      title: 'Studio North: Spring catalogue: 1 new lead since yesterday',
      body: 'New leads for “Price list” too.'
    })
    expect(readersNotice({ items: [] }, null)).toBeNull()
  })

  it('is said in the desktop’s language, with its plural forms', () => {
    speakDesktop('de')
    expect(readersNotice({ items: [{ name: 'Frühjahrskatalog', leads: 12 }] }, null)?.title).toBe('Frühjahrskatalog: 12 neue Leads seit gestern')
    speakDesktop('ar')
    expect(readersNotice({ items: [{ name: 'كتالوج', leads: 2 }] }, null)?.title).toBe('كتالوج: عميلان محتملان جديدان منذ أمس')
    speakDesktop('ja')
    expect(readersNotice({ items: [{ name: 'カタログ', leads: 3 }] }, null)?.title).toBe('カタログ：昨日から新しいリードが3件')
  })
})

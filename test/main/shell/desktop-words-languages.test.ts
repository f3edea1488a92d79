import { afterEach, describe, expect, it } from 'vitest'
import { explain } from '../../../src-main/core/api/service-error'
import { batchNotice, failureNotice, quitQuestion } from '../../../src-main/shell/desktop-wording'
import { speakDesktop, t } from '../../../src-main/shell/i18n/desktop-i18n'
import { loadFailurePage } from '../../../src-main/shell/load-failure-page'
import type { MirroredJob } from '../../../src-main/shell/queue-mirror'
import { mirroredJob as job } from './mirrored-job'

afterEach(() => speakDesktop('en'))

const jobs = (count: number, state: 'done' | 'failed'): MirroredJob[] => Array.from({ length: count }, (_, index) => job(`${state}-${index}`, state))

/** The page a data: URL holds. */
const pageOf = (url: string): string => decodeURIComponent(url.replace(/^data:text\/html;charset=utf-8,/, ''))

describe('the desktop’s words in other languages', () => {
  it('Arabic: a notification takes each of the six plural forms by its count', () => {
    speakDesktop('ar')
    expect(t('desktop.notices.published', { count: '0' }, 0)).toBe('لم يُنشر أي ملف PDF')
    expect(batchNotice({ published: jobs(1, 'done'), failed: [] })?.title).toBe('نُشر ملف PDF واحد')
    expect(batchNotice({ published: jobs(2, 'done'), failed: [] })?.title).toBe('نُشر ملفا PDF')
    expect(batchNotice({ published: jobs(3, 'done'), failed: [] })?.title).toBe('نُشرت 3 ملفات PDF')
    expect(batchNotice({ published: jobs(11, 'done'), failed: [] })?.title).toBe('نُشر 11 ملفًا PDF')
    expect(batchNotice({ published: jobs(100, 'done'), failed: [] })?.title).toBe('نُشر 100 ملف PDF')
    expect(failureNotice(jobs(2, 'failed'))?.title).toBe('تعذّر نشر ملفَي PDF')
    // Names keep their own text, in Arabic quotes, joined the Arabic way.
    expect(failureNotice(jobs(2, 'failed'))?.body).toBe('«failed-0» و«failed-1». انقر لمعرفة السبب.')
  })

  it('German: a notification says why an upload failed in the desktop’s language, as the core said it', () => {
    const tooLarge = explain.tooLarge(100 * 1024 * 1024)
    const failed: MirroredJob = { ...job('brochure', 'failed'), failure: tooLarge.text, failureSaid: tooLarge.said }
    expect(failureNotice([failed])?.body).toBe('The file is larger than your plan allows (100 MB).')
    speakDesktop('de')
    expect(failureNotice([failed])?.body).toBe('Die Datei ist größer, als dein Tarif erlaubt (100 MB).')
    // A failure the core wrote without its catalog shows as it came.
    expect(failureNotice([{ ...job('other', 'failed'), failure: 'Something the service said.' }])?.body).toBe('Something the service said.')
  })

  it('German and Japanese: the quit question counts in the language', () => {
    speakDesktop('de')
    expect(quitQuestion(1).message).toBe('1 Upload läuft. Trotzdem beenden?')
    expect(quitQuestion(1200)).toEqual({
      message: '1.200 Uploads laufen. Trotzdem beenden?',
      detail: 'Sie laufen weiter, wenn du FlipDrop das nächste Mal öffnest.',
      buttons: ['Beenden', 'Weiter hochladen']
    })
    speakDesktop('ja')
    expect(quitQuestion(3).message).toBe('3件のアップロードが実行中です。終了しますか？')
  })

  it('Japanese: the failure page speaks Japanese, says so in its lang, and keeps the address as code', () => {
    speakDesktop('ja')
    const page = pageOf(loadFailurePage('ERR_FAILED (-2)', 'app://flipdrop/index.html?a=<b>'))
    expect(page).toContain('<html lang="ja" dir="ltr">')
    expect(page).toContain('<title>FlipDropのウインドウを開けませんでした</title>')
    expect(page).toContain('<p>ページ：<code>app://flipdrop/index.html?a=&lt;b&gt;</code></p>')
    expect(page).toContain('FlipDropを終了して、もう一度起動してください。')
  })

  it('Arabic: the failure page reads right to left', () => {
    speakDesktop('ar')
    const page = pageOf(loadFailurePage('x', 'app://flipdrop/'))
    expect(page).toContain('<html lang="ar" dir="rtl">')
    expect(page).toContain('<p>الصفحة: <code>app://flipdrop/</code></p>')
  })
})

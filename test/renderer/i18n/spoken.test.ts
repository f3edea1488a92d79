import { afterAll, describe, expect, it } from 'vitest'
import { sentence } from '../../../src-main/core/i18n/sentence'
import type { BridgeError, ErrorCode } from '../../../src-shared/contract/errors'
import type { Sentence } from '../../../src-shared/i18n/said'
import { groupedCount } from '../../../src-renderer/src/format/count'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { errorText, spoken } from '../../../src-renderer/src/i18n/spoken'

/*
 * The core writes a service error once, in English, with its catalog key and values
 * (src-shared/i18n/core/coreService); the window says it in its own language through the real
 * catalogs. The sentences are written by the core's own sentence() (the renderer's typecheck
 * cannot take service-error.ts, whose clock uses Node's timers), shaped as toBridgeError sends a
 * ServiceError over IPC.
 */

/** A service error as the window receives it. */
function bridged(code: ErrorCode, said: Sentence): BridgeError {
  return { code, message: said.text, said: said.said }
}

/** The sentences of src-main/core/api/service-error.ts `explain`, by the same keys and values. */
const explain = {
  unauthorized: (): Sentence => sentence('coreService.unauthorized'),
  network: (): Sentence => sentence('coreService.network'),
  tooLarge: (megabytes: number): Sentence => sentence('coreService.tooLarge', { size: megabytes }),
  quotaFull: (docType: 'Flipbook' | 'Document', max: number): Sentence =>
    sentence(docType === 'Document' ? 'coreService.quotaFullDocument' : 'coreService.quotaFullFlipbook', { max }, max),
  stalled: (seconds: number): Sentence => sentence('coreService.stalled', { seconds }, seconds),
  serverFailure: (status: number): Sentence => sentence('coreService.serverFailure', { status: String(status) }),
  noAnswerAfterTries: (seconds: number, tries: number): Sentence => sentence('coreService.noAnswerAfterTries', { seconds, tries })
}

const twoDigits = (n: number): string => String(n).padStart(2, '0')

afterAll(() => speak('en'))

describe('a service error in German', () => {
  it('says the sentence in German', async () => {
    await speak('de')
    expect(errorText(bridged('unauthorized', explain.unauthorized()))).toBe(
      'Der Dienst hat den API-Schlüssel nicht akzeptiert. Melde dich mit einem gültigen Schlüssel erneut an.'
    )
    expect(errorText(bridged('network', explain.network()))).toBe('Der Dienst ist nicht erreichbar. Prüfe deine Internetverbindung.')
  })

  it('groups numbers the German way and chooses the German plural form', async () => {
    await speak('de')
    expect(errorText(bridged('quota-full', explain.quotaFull('Flipbook', 1000)))).toBe(
      'Dein Tarif erlaubt 1.000 Flipbooks, und es ist keins mehr übrig. Lösche welche oder wechsle zu einem größeren Tarif, um mehr hinzuzufügen.'
    )
    expect(errorText(bridged('quota-full', explain.quotaFull('Document', 1)))).toBe(
      'Dein Tarif erlaubt 1 Dokument, und es ist keins mehr übrig. Lösche es oder wechsle zu einem größeren Tarif, um mehr hinzuzufügen.'
    )
    expect(errorText(bridged('stalled', explain.stalled(1)))).toBe('Der Upload kam 1 Sekunde lang nicht voran und wurde abgebrochen.')
  })

  it('says a moment as a German time of day', async () => {
    await speak('de')
    const at = new Date('2026-11-28T14:05:00Z')
    const germanTime = `${twoDigits(at.getHours())}:${twoDigits(at.getMinutes())}`
    const said = { key: 'coreService.rateLimited', values: { time: { time: at.toISOString() } } }
    expect(spoken(said, 'English')).toBe(`Der Dienst hat FlipDrop gebeten, langsamer zu machen. Um ${germanTime} geht es weiter.`)
  })

  it('falls back to the English message for an unknown key or when nothing was said', async () => {
    await speak('de')
    expect(errorText({ message: 'The service could not be reached.', said: { key: 'coreService.noSuchSentence' } })).toBe(
      'The service could not be reached.'
    )
    expect(errorText({ message: 'The service could not be reached.' })).toBe('The service could not be reached.')
    expect(spoken(undefined, 'Cancelled.')).toBe('Cancelled.')
  })
})

describe('a service error in English', () => {
  it('reads as the core wrote it', async () => {
    await speak('en')
    const sentences: [ErrorCode, Sentence][] = [
      ['unauthorized', explain.unauthorized()],
      ['too-large', explain.tooLarge(5)],
      ['quota-full', explain.quotaFull('Flipbook', 500)],
      ['stalled', explain.stalled(30)],
      ['service', explain.serverFailure(503)],
      ['network', explain.noAnswerAfterTries(90, 3)]
    ]
    for (const [code, said] of sentences) expect(errorText(bridged(code, said))).toBe(said.text)
    expect(explain.stalled(30).text).toBe('The upload stopped moving for 30 seconds and was stopped.')
  })

  it('groups a number from a thousand on, where the command prints it bare', async () => {
    await speak('en')
    const quota = explain.quotaFull('Flipbook', 1000)
    expect(quota.text).toBe('Your plan allows 1000 flipbooks and none are left. Delete some or upgrade your plan to add more.')
    expect(errorText(bridged('quota-full', quota))).toBe('Your plan allows 1,000 flipbooks and none are left. Delete some or upgrade your plan to add more.')
  })
})

describe('Arabic plural forms', () => {
  it('choose the form for 0, 1, 2, 5, 11 and 100 seconds', async () => {
    await speak('ar')
    const stalled = (seconds: number): string => errorText(bridged('stalled', explain.stalled(seconds)))
    expect(stalled(0)).toBe('توقّف الرفع عن التقدّم فأُوقِف.')
    expect(stalled(1)).toBe('توقّف الرفع عن التقدّم لمدة ثانية واحدة فأُوقِف.')
    expect(stalled(2)).toBe('توقّف الرفع عن التقدّم لمدة ثانيتين فأُوقِف.')
    expect(stalled(5)).toBe(`توقّف الرفع عن التقدّم لمدة ${groupedCount(5)} ثوانٍ فأُوقِف.`)
    expect(stalled(11)).toBe(`توقّف الرفع عن التقدّم لمدة ${groupedCount(11)} ثانية فأُوقِف.`)
    expect(stalled(100)).toBe(`توقّف الرفع عن التقدّم لمدة ${groupedCount(100)} ثانية فأُوقِف.`)
  })
})

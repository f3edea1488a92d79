import { mount } from '@vue/test-utils'
import { FileX } from 'lucide-vue-next'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobView, RefusedSource } from '../../../src-shared/domain/queue'
import RefusalGroup from '../../../src-renderer/src/components/publish/RefusalGroup.vue'
import { intlLocale } from '../../../src-renderer/src/i18n/active-language'
import { speak } from '../../../src-renderer/src/i18n/i18n'
import { spoken } from '../../../src-renderer/src/i18n/spoken'
import { failureMessage, waitingMessage } from '../../../src-renderer/src/publish/job-messages'
import { fileJob } from '../../main/shell/queue-views'

/*
 * The upload queue's sentences (src-shared/i18n/core/coreQueue) come with what the core said:
 * the window says them in its language through the real catalogs, a sentence inside another
 * (why a retry waits) in its language too, names and files as they are.
 */

afterEach(async () => speak('en'))

const AT = '2026-11-28T14:06:00.000Z'
const stillSaving = { text: 'The file is still being saved.', said: { key: 'coreQueue.failure.stillSaving' } }

const retrying: JobView = {
  ...fileJob('r', 'waiting'),
  waiting: {
    reason: 'retry',
    message: 'The file is still being saved. Trying again at 2:06:00 PM.',
    said: { key: 'coreQueue.waiting.retry', values: { reason: stillSaving, time: { time: AT } } },
    until: AT
  }
}

const gaveUp: JobView = {
  ...fileJob('f', 'failed'),
  failure: {
    message: 'Stopped after 5 tries: The file is still being saved.',
    said: { key: 'coreQueue.failure.afterTries', values: { tries: 5, reason: stillSaving } },
    retryable: true,
    code: 'unreachable'
  }
}

describe('the queue’s sentences in the window’s language', () => {
  it('in English: the core’s own sentence', () => {
    expect(failureMessage(gaveUp)).toBe('Stopped after 5 tries: The file is still being saved.')
    expect(waitingMessage(retrying)).toMatch(/^The file is still being saved\. Trying again at /)
  })

  it('in German: the sentence and the one inside it, the time as German clocks write it', async () => {
    await speak('de')
    expect(failureMessage(gaveUp)).toBe('Nach 5 Versuchen abgebrochen: Die Datei wird noch gespeichert.')
    const time = new Intl.DateTimeFormat(intlLocale(), { timeStyle: 'short' }).format(new Date(AT))
    expect(waitingMessage(retrying)).toBe(`Die Datei wird noch gespeichert. Nächster Versuch um ${time}.`)
  })

  it('a service error inside the queue’s sentence in German too', async () => {
    await speak('de')
    const network = { text: 'The service could not be reached. Check your internet connection.', said: { key: 'coreService.network' } }
    const tried = { key: 'coreQueue.history.tryFailed', values: { attempt: 2, reason: network } }
    expect(spoken(tried, 'Try 2 failed: The service could not be reached. Check your internet connection.')).toBe(
      'Versuch 2 fehlgeschlagen: Der Dienst ist nicht erreichbar. Prüfe deine Internetverbindung.'
    )
  })

  it('a history line in German, its name as it is; an older line without what was said stays English', async () => {
    await speak('de')
    expect(spoken({ key: 'coreQueue.history.made', values: { name: 'Menu' } }, 'The service made “Menu”.')).toBe('Der Dienst hat „Menu“ erstellt.')
    expect(spoken(undefined, 'Retried.')).toBe('Retried.')
  })

  it('a refusal in German, the file named once', async () => {
    await speak('de')
    const items: RefusedSource[] = [
      { source: 'notes.txt', reason: 'notes.txt is not a PDF.', said: { key: 'coreQueue.refusal.notPdf', values: { file: 'notes.txt' } }, code: 'not-pdf' },
      { source: 'offer', reason: 'That question has expired; add the file again.', said: { key: 'coreQueue.refusal.expired' }, code: 'expired' }
    ]
    const wrapper = mount(RefusalGroup, { props: { id: 'skipped', title: 'Übersprungen', icon: FileX, items } })
    const lines = wrapper.findAll('li').map((line) => line.text())
    expect(lines).toEqual(['notes.txt ist kein PDF.', 'offer: Diese Frage ist abgelaufen; füge die Datei erneut hinzu.'])
    wrapper.unmount()
  })
})

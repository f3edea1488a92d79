import { afterEach, describe, expect, it } from 'vitest'
import type { JobView } from '../../src-shared/domain/queue'
import { speak } from '../../src-renderer/src/i18n/i18n'
import { failureMessage, waitingMessage } from '../../src-renderer/src/publish/job-messages'
import { fileJob, urlJob } from '../main/shell/queue-views'

/*
 * The core sends a job's failure and waiting lines in English (the command line prints them);
 * the window says those its codes fully decide in its own language, and keeps the service's words.
 */

const failed = (code: NonNullable<JobView['failure']>['code'], message: string, job = fileJob('a', 'failed', { name: 'Menu' })): JobView => ({
  ...job,
  failure: { message, retryable: true, code }
})
const waitingFor = (reason: NonNullable<JobView['waiting']>['reason'], extra: Partial<NonNullable<JobView['waiting']>> = {}): JobView => ({
  ...fileJob('w', 'waiting'),
  waiting: { reason, message: 'The core’s sentence.', until: null, ...extra }
})

afterEach(async () => speak('en'))

describe('a failed job says why', () => {
  it('in the window’s words where the code decides it, naming the file', () => {
    expect(failureMessage(failed('file-missing', 'x'))).toBe('Menu.pdf was moved or deleted after it was added; nothing was uploaded.')
    expect(failureMessage(failed('quota', 'Your plan allows 100 flipbooks and none are left.'))).toBe(
      'Your plan has no flipbooks left. Delete some or upgrade your plan to add more.'
    )
  })

  it('keeps the service’s own words, and the core’s sentence where the window lacks what it names', () => {
    expect(failureMessage(failed('rejected', 'Title is too long (the service says).'))).toBe('Title is too long (the service says).')
    expect(failureMessage(failed('file-missing', 'The link could not be read.', urlJob('u', 'failed')))).toBe('The link could not be read.')
  })

  it('in German once the window speaks German', async () => {
    await speak('de')
    expect(failureMessage(failed('file-missing', 'x'))).toContain('Menu.pdf')
    expect(failureMessage(failed('file-missing', 'x'))).not.toContain('moved or deleted')
  })
})

describe('a waiting job says why', () => {
  it('names the account it waits for, and keeps the core’s sentence where the record lacks it', () => {
    expect(waitingMessage(waitingFor('signed-out', { account: 'Northwind' }))).toBe('Waiting for Northwind to sign in; nothing was lost.')
    expect(waitingMessage(waitingFor('signed-out'))).toBe('The core’s sentence.')
    expect(waitingMessage(waitingFor('retry'))).toBe('The core’s sentence.')
  })
})

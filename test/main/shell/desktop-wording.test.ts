import { describe, expect, it } from 'vitest'
import { batchNotice, failureNotice, nameList, quitQuestion, trayTooltip } from '../../../src-main/shell/desktop-wording'
import { mirroredJob as job } from './mirrored-job'

describe('the desktop wording', () => {
  it('lists names, and how many more past three (as Intl lists them in English)', () => {
    expect(nameList(['a'])).toBe('“a”')
    expect(nameList(['a', 'b'])).toBe('“a” and “b”')
    expect(nameList(['a', 'b', 'c'])).toBe('“a”, “b”, and “c”')
    expect(nameList(['a', 'b', 'c', 'd', 'e'])).toBe('“a”, “b”, “c”, and 2 more')
  })

  it('summarises a batch: all published, some failed, all failed', () => {
    expect(batchNotice({ published: [job('a', 'done'), job('b', 'done'), job('c', 'done')], failed: [] })).toMatchObject({
      title: '3 PDFs published',
      jobId: 'c',
      copyLink: null
    })
    expect(batchNotice({ published: [job('a', 'done'), job('b', 'done')], failed: [job('x', 'failed')] })).toMatchObject({
      title: '2 published, 1 failed',
      body: '“x” could not be published. Click to see why.',
      jobId: 'x'
    })
    expect(batchNotice({ published: [], failed: [job('x', 'failed')] })).toMatchObject({
      title: '1 PDF could not be published',
      body: 'x is too large for your plan.'
    })
    expect(batchNotice({ published: [], failed: [] })).toBeNull()
  })

  it('offers the link of a single published PDF', () => {
    expect(batchNotice({ published: [job('a', 'done')], failed: [] })).toEqual({
      title: '1 PDF published',
      body: '“a” is online. Click to see it in FlipDrop.',
      jobId: 'a',
      copyLink: 'https://go.fliplink.me/view/a'
    })
  })

  it('names one failure with its message, several together in one notice', () => {
    expect(failureNotice([job('x', 'failed')])).toEqual({
      title: '“x” could not be published',
      body: 'x is too large for your plan.',
      jobId: 'x',
      copyLink: null
    })
    expect(failureNotice([job('x', 'failed'), job('y', 'failed')])).toMatchObject({
      title: '2 PDFs could not be published',
      body: '“x” and “y”. Click to see why.',
      jobId: 'x'
    })
    expect(failureNotice([])).toBeNull()
  })

  it('puts the progress in the tray tooltip', () => {
    const base = { active: 0, sending: 0, failed: 0, queuePaused: false, batch: { sent: 0, total: 0 } }
    expect(trayTooltip(base)).toBe('FlipDrop')
    expect(trayTooltip({ ...base, active: 3, sending: 1, batch: { sent: 455, total: 1000 } })).toBe('FlipDrop: 3 uploads left, 45 % sent')
    expect(trayTooltip({ ...base, active: 1, queuePaused: true, failed: 2 })).toBe('FlipDrop: paused, 1 upload waiting, 2 failed')
  })

  it('asks before quitting with the number of running uploads', () => {
    expect(quitQuestion(3)).toEqual({
      message: '3 uploads are running. Quit anyway?',
      detail: 'They continue the next time you open FlipDrop.',
      buttons: ['Quit', 'Keep uploading']
    })
    expect(quitQuestion(1).message).toBe('1 upload is running. Quit anyway?')
  })
})

import { resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { OPEN_COALESCE_MS, OpenedPathsInbox, pathsFromArgv } from '../../../src-main/shell/opened-paths'

const existing = new Set(['/home/ana/a.pdf', '/home/ana/Exports/b.pdf', '/tmp/c d.pdf', '/opt/FlipDrop/flipdrop'])
const isFile = (path: string) => existing.has(path)

describe('pathsFromArgv', () => {
  it('takes the files after the executable, skipping switches Chromium or the OS add', () => {
    const argv = ['/opt/FlipDrop/flipdrop', '--original-process-start-time=1', '/home/ana/a.pdf', '-psn_0_12345', 'Exports/b.pdf']
    expect(pathsFromArgv({ argv, cwd: '/home/ana', defaultApp: false }, isFile)).toEqual(['/home/ana/a.pdf', '/home/ana/Exports/b.pdf'])
  })

  it('skips the app path in development (electron <app> <files>)', () => {
    const argv = ['/x/node_modules/electron/dist/electron', '.', 'a.pdf']
    expect(pathsFromArgv({ argv, cwd: '/home/ana', defaultApp: true }, isFile)).toEqual(['/home/ana/a.pdf'])
  })

  it('reads the file:// URLs Linux launchers pass for %U, and ignores other links', () => {
    const argv = ['flipdrop', pathToFileURL('/tmp/c d.pdf').href, 'https://example.com/a.pdf', 'flipdrop://open']
    expect(pathsFromArgv({ argv, cwd: '/', defaultApp: false }, isFile)).toEqual(['/tmp/c d.pdf'])
  })

  it('keeps only existing files, once each, and never the executable itself', () => {
    const argv = ['/opt/FlipDrop/flipdrop', 'a.pdf', '/home/ana/a.pdf', 'missing.pdf', 'Exports']
    expect(pathsFromArgv({ argv, cwd: '/home/ana', defaultApp: false }, isFile)).toEqual(['/home/ana/a.pdf'])
  })

  it('treats everything after -- as a file', () => {
    const dashed = resolve('/home/ana', '-odd.pdf')
    const argv = ['flipdrop', '--', '-odd.pdf']
    expect(pathsFromArgv({ argv, cwd: '/home/ana', defaultApp: false }, (path) => path === dashed)).toEqual([dashed])
  })
})

describe('OpenedPathsInbox', () => {
  afterEach(() => vi.useRealTimers())

  it('keeps paths until the queue is ready, then hands them over at once', () => {
    const inbox = new OpenedPathsInbox()
    const received: string[][] = []
    inbox.add(['/a.pdf'])
    inbox.add(['/b.pdf', '/a.pdf'])
    inbox.attach((paths) => received.push(paths))
    expect(received).toEqual([['/a.pdf', '/b.pdf']])
  })

  it('gathers a burst of opens (one open-file per file of a selection) into one batch', () => {
    vi.useFakeTimers()
    const inbox = new OpenedPathsInbox()
    const received: string[][] = []
    inbox.attach((paths) => received.push(paths))
    inbox.add(['/1.pdf'])
    inbox.add(['/2.pdf'])
    inbox.add([])
    expect(received).toEqual([])
    vi.advanceTimersByTime(OPEN_COALESCE_MS)
    expect(received).toEqual([['/1.pdf', '/2.pdf']])
  })
})

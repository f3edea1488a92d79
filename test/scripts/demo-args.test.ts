import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { DEMO_USAGE, parseDemoArgs } from '../../scripts/demo/demo-args'

const DEFAULTS = { browser: false, items: undefined, accounts: 1, folders: undefined, hotFolder: undefined }

describe('npm run demo flags', () => {
  it('default to Electron with one account and the sample library', () => {
    expect(parseDemoArgs([])).toEqual({ ok: true, options: DEFAULTS })
  })

  it('take --browser and --items from 0 to 10,000', () => {
    expect(parseDemoArgs(['--browser', '--items', '200'])).toEqual({ ok: true, options: { ...DEFAULTS, browser: true, items: 200 } })
    expect(parseDemoArgs(['--items=0'])).toEqual({ ok: true, options: { ...DEFAULTS, items: 0 } })
    expect(parseDemoArgs(['--items', '10000'])).toMatchObject({ ok: true, options: { items: 10_000 } })
  })

  it('take --accounts from 1 to 9 and --folders from 0 to 200', () => {
    expect(parseDemoArgs(['--accounts', '2', '--folders', '30'])).toEqual({ ok: true, options: { ...DEFAULTS, accounts: 2, folders: 30 } })
    expect(parseDemoArgs(['--accounts=9', '--folders=0'])).toMatchObject({ ok: true, options: { accounts: 9, folders: 0 } })
    expect(parseDemoArgs(['--folders', '200'])).toMatchObject({ ok: true, options: { folders: 200 } })
  })

  it('take --hot-folder as an existing folder, relative to where the demo was started', () => {
    const parent = mkdtempSync(join(tmpdir(), 'flipdrop-demo-args-'))
    const folder = mkdtempSync(join(parent, 'hot-'))
    expect(parseDemoArgs(['--hot-folder', folder])).toMatchObject({ ok: true, options: { hotFolder: folder } })
    expect(parseDemoArgs(['--hot-folder', folder.slice(parent.length + 1)], parent)).toMatchObject({ ok: true, options: { hotFolder: folder } })
  })

  it.each([
    [['--items', '10001'], '--items must be a whole number from 0 to 10000, not "10001".'],
    [['--items=-3'], '--items must be a whole number'],
    [['--items', '2.5'], '--items must be a whole number'],
    [['--items', 'lots'], '--items must be a whole number'],
    [['--accounts', '0'], '--accounts must be a whole number from 1 to 9, not "0".'],
    [['--accounts', '10'], '--accounts must be a whole number from 1 to 9, not "10".'],
    [['--accounts', 'two'], '--accounts must be a whole number from 1 to 9'],
    [['--folders', '201'], '--folders must be a whole number from 0 to 200, not "201".'],
    [['--folders=-1'], '--folders must be a whole number from 0 to 200'],
    [['--hot-folder', '/no/such/folder/anywhere'], '--hot-folder must be an existing folder, not "/no/such/folder/anywhere".'],
    [['--hot-folder', ''], '--hot-folder must be an existing folder'],
    [['--hot-folder', fileURLPath()], '--hot-folder must be an existing folder'],
    [['--items'], 'argument missing'],
    [['--port', '1'], "Unknown option '--port'"],
    [['extra'], 'positional']
  ])('refuse %j with a message', (argv, message) => {
    const parsed = parseDemoArgs(argv)
    expect(parsed.ok).toBe(false)
    expect(parsed.ok ? '' : parsed.message).toContain(message)
  })

  it('answer --help with the usage and no error; the usage names every flag', () => {
    expect(parseDemoArgs(['--help'])).toEqual({ ok: false, message: '' })
    for (const flag of ['--browser', '--items N', '--accounts N', '--folders N', '--hot-folder DIR']) expect(DEMO_USAGE).toContain(flag)
  })
})

/** A file, not a folder: this test file itself. */
function fileURLPath(): string {
  return new URL(import.meta.url).pathname
}

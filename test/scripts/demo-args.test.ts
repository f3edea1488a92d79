import { describe, expect, it } from 'vitest'
import { parseDemoArgs } from '../../scripts/demo/demo-args'

describe('npm run demo flags', () => {
  it('default to Electron with the sample library', () => {
    expect(parseDemoArgs([])).toEqual({ ok: true, options: { browser: false, items: undefined } })
  })

  it('take --browser and --items from 0 to 10,000', () => {
    expect(parseDemoArgs(['--browser', '--items', '200'])).toEqual({ ok: true, options: { browser: true, items: 200 } })
    expect(parseDemoArgs(['--items=0'])).toEqual({ ok: true, options: { browser: false, items: 0 } })
    expect(parseDemoArgs(['--items', '10000'])).toMatchObject({ ok: true, options: { items: 10_000 } })
  })

  it.each([['--items', '10001'], ['--items', '-3'], ['--items', '2.5'], ['--items', 'lots'], ['--items'], ['--port', '1'], ['extra']])(
    'refuse %s with a message',
    (...argv) => {
      const parsed = parseDemoArgs(argv)
      expect(parsed.ok).toBe(false)
      expect(parsed.ok ? '' : parsed.message).not.toBe('')
    }
  )

  it('answer --help with the usage and no error', () => {
    expect(parseDemoArgs(['--help'])).toEqual({ ok: false, message: '' })
  })
})

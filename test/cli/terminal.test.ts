import { mkdtemp, readFile, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'
import { inGroups, patchItem } from './cli-test-kit'
import { BUILT_COMMAND, dataFolder, onTerminal, run, shell, shellCommand, sh, tmuxWindow } from './terminal-kit'

const KEY = 'fd-cli-terminal-key-41d0'
let emulator: RunningEmulator
let env: Record<string, string>
/** An item whose name tries to clear the screen and retitle the window. */
let hostile = 0
/** An item with a name far wider than a terminal. */
let long = 0

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], seed: 1000, maxItems: 2000, log: () => {} })
  const [first, second] = [...emulator.state.itemsOf(KEY)].sort((a, b) => b.createdMs - a.createdMs || b.id - a.id)
  hostile = first?.id ?? 0
  long = second?.id ?? 0
  await patchItem(emulator.baseUrl, hostile, { Name: 'Evil\u001b[2J\u001b]0;pwned\u0007 name\u009b31m' })
  await patchItem(emulator.baseUrl, long, { Name: `A very long name ${'that goes on '.repeat(12)}and on` })
  env = { FLIPDROP_API_KEY: KEY, FLIPDROP_BASE_URL: emulator.baseUrl, FLIPDROP_DOCUMENT_URL: emulator.documentUrl, FLIPDROP_DATA_DIR: await dataFolder() }
})
afterAll(async () => {
  await emulator?.close()
})

/** Rows as the terminal shows them: \r\n line ends, and each \r-redrawn row as its last frame. */
const rows = (output: string): string[] => output.split('\r\n').map((row) => row.split('\r').pop() ?? '')
const ESC = '\u001b'

describe('the command on a terminal, in pipes and in files', { timeout: 120_000 }, () => {
  it('tables fit a 60-column terminal (long names cut with …), and names from the service cannot drive the terminal', async () => {
    const shown = await onTerminal(`${shellCommand(['list', '--page-size', '5'])}`, env, 60)
    expect(shown.code).toBe(0)
    const lines = rows(shown.stdout).filter((row) => row !== '')
    for (const line of lines) expect([...line].length, line).toBeLessThanOrEqual(60)
    // A cut link is useless, so Link, Leads and Views make room first; Name keeps a readable part, cut with "…".
    expect(shown.stdout).toMatch(/^ID +Type +Name +Folder +Created\r?$/m)
    expect(shown.stdout).toMatch(/ A very long name tha…/)
    // The escape sequences arrive as text, never as escapes: no ESC, BEL or CSI byte reaches the terminal.
    expect(shown.stdout).not.toContain(ESC)
    expect(shown.stdout).not.toContain('\u0007')
    expect(shown.stdout).not.toContain('\u009b')
    expect(shown.stdout).toContain('Evil^[[2J^[]0;pwned^…')
    // In a pipe nothing is cut (a script gets whole names), and it is still made printable.
    const piped = await run(['list', '--page-size', '5'], env)
    expect(piped.stdout).toContain(`A very long name ${'that goes on '.repeat(12)}and on`)
    expect(piped.stdout).not.toContain(ESC)
    expect(piped.stdout).toContain('Evil^[[2J^[]0;pwned^G name\ufffd31m')
    // --json keeps the name exactly, with every control character escaped.
    const json = await run(['get', String(hostile), '--json'], env)
    const controls = [...json.stdout.trimEnd()].filter((char) => (char.codePointAt(0) ?? 0) < 0x20 || ((char.codePointAt(0) ?? 0) >= 0x7f && (char.codePointAt(0) ?? 0) <= 0x9f))
    expect(controls).toEqual([])
    expect(JSON.stringify(JSON.parse(json.stdout))).toContain('Evil\\u001b[2J')
  })

  it('progress goes to stderr and only on a live terminal; stdout stays clean for files; NO_COLOR and TERM=dumb are honoured', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-terminal-'))
    const out = join(dir, 'list.txt')
    const [live, dumb, help, noColor] = await inGroups([
      () => onTerminal(`${shellCommand(['list', '--all', '--page-size', '50'])} > ${sh(out)}`, env, 80),
      () => onTerminal(`${shellCommand(['list', '--all', '--page-size', '50'])} > ${sh(`${out}.dumb`)}`, { ...env, TERM: 'dumb' }, 80),
      () => onTerminal(shellCommand(['help', 'list']), env, 80),
      () => onTerminal(shellCommand(['help', 'list']), { ...env, NO_COLOR: '1' }, 80)
    ])
    expect(live.code).toBe(0)
    // The terminal (stderr) saw the "Listing…" line redrawn in place, and cleared at the end.
    expect(live.stdout).toMatch(/\rListing… [\d,]+ of 1,000/)
    const file = await readFile(out, 'utf8')
    expect(file.includes('\r') || file.includes(ESC)).toBe(false)
    expect(file).toMatch(/^1,000 of 1,000 items$/m)
    // TERM=dumb: no redrawing at all.
    expect(dumb.code).toBe(0)
    expect(dumb.stdout).not.toContain('Listing')
    // Headings are bold on a terminal, plain with NO_COLOR.
    expect(help.stdout).toContain(`${ESC}[1mUsage:`)
    expect(noColor.stdout).toContain('Usage:')
    expect(noColor.stdout).not.toContain(ESC)
  })

  it('list --all | head -1 ends quietly: exit 141 (a closed pipe), no stack trace, every time', async () => {
    for (let attempt = 0; attempt < 5; attempt++) {
      const piped = await shell(`${shellCommand(['list', '--all'])} | head -1; echo "exit \${PIPESTATUS[0]}" >&2`, env)
      expect(piped.stdout).toMatch(/^ID\s+Type\s+Name/)
      expect(piped.stdout.split('\n').filter(Boolean)).toHaveLength(1)
      expect(piped.stderr).toBe('exit 141\n')
    }
  })

  it('pdf ID -o - writes the PDF to stdout (and refuses to pour it onto a terminal)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-pdf-'))
    const [streamed, saved, onScreen] = await inGroups([
      () => shell(`${shellCommand(['pdf', String(long), '-o', '-'])} > ${sh(join(dir, 'streamed.pdf'))}`, env),
      () => run(['pdf', String(long), '-o', join(dir, 'saved.pdf')], env),
      () => onTerminal(shellCommand(['pdf', String(long), '-o', '-']), env)
    ])
    expect(streamed).toMatchObject({ code: 0, stderr: '' })
    expect(saved.code).toBe(0)
    const bytes = await readFile(join(dir, 'streamed.pdf'))
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
    expect(bytes.equals(await readFile(join(dir, 'saved.pdf')))).toBe(true)
    expect(onScreen.code).toBe(2)
    expect(onScreen.stdout).toContain('-o - writes the PDF to stdout, which is this terminal')
  })

  it('the installed command resolves relative paths against the folder it runs in, never INIT_CWD', async () => {
    const here = await mkdtemp(join(tmpdir(), 'flipdrop-cli-here-'))
    const elsewhere = await mkdtemp(join(tmpdir(), 'flipdrop-cli-elsewhere-'))
    const saved = await shell(`cd ${sh(here)} && ${shellCommand(['pdf', String(long), '-o', 'x.pdf'], BUILT_COMMAND)}`, { ...env, INIT_CWD: elsewhere })
    expect(saved.code, saved.stderr).toBe(0)
    expect((await readFile(join(here, 'x.pdf'))).subarray(0, 5).toString()).toBe('%PDF-')
    await expect(readFile(join(elsewhere, 'x.pdf'))).rejects.toThrow()
  })

  it('two uploads at 60 columns leave no progress debris: the last screen has only lasting lines, none wider than the terminal', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'flipdrop-cli-board-'))
    const names = ['a-catalogue-with-a-rather-long-file-name-for-a-narrow-terminal.pdf', 'b-second-brochure-with-an-even-longer-name-than-the-first-one.pdf']
    for (const [index, name] of names.entries()) await writeFile(join(dir, name), await makePdf(40 + index, name))
    emulator.faults.add({ route: '/api/create-by-file', kind: 'latency', ms: 1500, count: 2 })
    const window = await tmuxWindow(`cd ${sh(dir)} && ${shellCommand(['upload', ...names, '--wait'])}`, { ...env, FLIPDROP_DATA_DIR: await dataFolder() }, 60)
    try {
      let screen: string[] = []
      for (let tries = 0; tries < 600 && !screen.some((row) => row.startsWith('[exit')); tries++) {
        screen = await window.screen()
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect(screen.find((row) => row.startsWith('[exit'))).toBe('[exit 0]')
      expect(screen.filter((row) => /^(uploading|verifying)\b/.test(row))).toEqual([])
      for (const row of screen) expect([...row].length).toBeLessThanOrEqual(60)
    } finally {
      await window.close()
      emulator.faults.clear()
    }
  })
})

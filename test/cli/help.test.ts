import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { COMMANDS } from '../../src-main/cli/commands/registry'
import { inGroups } from './cli-test-kit'
import { ROOT, run } from './terminal-kit'

const widest = (text: string): number => Math.max(...text.split('\n').map((line) => [...line].length))

describe('flipdrop help, --version and "did you mean"', { timeout: 120_000 }, () => {
  it('--version prints the version of package.json', async () => {
    const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string }
    const shown = await run(['--version'])
    expect(shown).toEqual({ code: 0, stdout: `flipdrop ${version}\n`, stderr: '' })
  })

  it('every command has help (help <command> and <command> --help alike): summary, synopsis, every flag with its default, examples', async () => {
    const runs = await inGroups(COMMANDS.map((command) => () => run(['help', ...command.name.split(' ')])))
    COMMANDS.forEach((command, index) => {
      const help = runs[index]
      expect(help?.code, command.name).toBe(0)
      const text = help?.stdout ?? ''
      expect(text, command.name).toContain(`Usage:\n  flipdrop ${command.name}`)
      for (const flag of command.flags) expect(text, `${command.name} --${flag.name}`).toMatch(new RegExp(`--${flag.name}\\b[^\\n]*[\\s\\S]*?\\(default:\\s`))
      expect(text.match(/^ {2}\$ /gm)?.length ?? 0, `${command.name} examples`).toBeGreaterThanOrEqual(2)
      expect(widest(text), `${command.name} fits 80 columns when the width is unknown`).toBeLessThanOrEqual(80)
    })
    const [asFlag, asWord, short] = await inGroups([() => run(['pdf', '--help']), () => run(['help', 'pdf']), () => run(['link', 'add', '-h'])])
    expect(asFlag.stdout).toBe(asWord.stdout)
    expect(short.stdout).toContain('Usage:\n  flipdrop link add <file> <id|link|slug> [flags]')
    expect(short.stdout).toContain('Also runs as: flipdrop link (older spellings, kept for scripts).')
  })

  it('wraps to the terminal width it is told (COLUMNS), and the overview lists every command', async () => {
    const [narrow, overview, bare] = await inGroups([() => run(['help', 'list'], { COLUMNS: '60' }), () => run(['--help']), () => run([])])
    expect(narrow.code).toBe(0)
    expect(widest(narrow.stdout)).toBeLessThanOrEqual(60)
    expect(narrow.stdout).toContain('--page-size <n>')
    expect(overview.code).toBe(0)
    for (const command of COMMANDS) expect(overview.stdout).toContain(`  ${command.name} `)
    // The command stays English whatever the app speaks, and says so.
    expect(overview.stdout.replace(/\s+/g, ' ')).toContain("FlipDrop's command speaks English, like git and gh; the app follows your language.")
    // Without a command: the overview, as a usage mistake (stderr, exit 2).
    expect(bare).toMatchObject({ code: 2, stdout: '' })
    expect(bare.stderr).toBe(overview.stdout)
  })

  it('a mistyped command or flag: a short message naming the closest ones and where help is (exit 2), not the overview', async () => {
    const [command, flagTypo, subcommand, olderSpelling, nothingClose, help] = await inGroups([
      () => run(['lsit']),
      () => run(['list', '--pgae', '2']),
      () => run(['hotfolder', 'ad', '/tmp']),
      // `link <file> <id>` still runs `link add`, but "ad" is a subcommand mistyped, not a file.
      () => run(['link', 'ad', 'x']),
      () => run(['frobnicate']),
      () => run(['help', 'uplod'])
    ])
    expect(command).toEqual({ code: 2, stdout: '', stderr: 'flipdrop: unknown command "lsit". Did you mean "list"?\nRun "flipdrop help" for help.\n' })
    expect(flagTypo).toEqual({ code: 2, stdout: '', stderr: 'flipdrop list: unknown flag --pgae. Did you mean "--page"?\nRun "flipdrop list --help" for help.\n' })
    expect(subcommand.code).toBe(2)
    expect(subcommand.stderr).toBe('flipdrop: unknown command "hotfolder ad". Did you mean "hotfolder add"?\nRun "flipdrop help hotfolder" for help.\n')
    expect(olderSpelling).toEqual({ code: 2, stdout: '', stderr: 'flipdrop: unknown command "link ad". Did you mean "link add"?\nRun "flipdrop help link" for help.\n' })
    expect(nothingClose).toEqual({ code: 2, stdout: '', stderr: 'flipdrop: unknown command "frobnicate".\nRun "flipdrop help" for help.\n' })
    expect(help.code).toBe(2)
    expect(help.stderr).toBe('flipdrop help: no command "uplod". Did you mean "upload"?\nRun "flipdrop help" for help.\n')
  })

  it('a flag without its value, a value for a switch, and a wrong number of arguments are usage mistakes too', async () => {
    const [noValue, valueForSwitch, tooMany] = await inGroups([() => run(['list', '--page']), () => run(['list', '--all=yes']), () => run(['whoami', 'extra'])])
    expect(noValue).toEqual({ code: 2, stdout: '', stderr: 'flipdrop list: --page needs a value.\nRun "flipdrop list --help" for help.\n' })
    expect(valueForSwitch.stderr).toBe('flipdrop list: --all takes no value.\nRun "flipdrop list --help" for help.\n')
    expect(tooMany).toEqual({ code: 2, stdout: '', stderr: 'flipdrop whoami: expected 0 arguments, got 1.\nRun "flipdrop whoami --help" for help.\n' })
  })
})

describe('the registry and the code agree', () => {
  it("every command's code reads exactly the flags its help shows, and takes the arguments its help says", async () => {
    for (const entry of COMMANDS) {
      const command = await entry.load()
      if (command.options) {
        const declared = Object.entries(command.options).map(([name, option]) => [name, option.type, option.short ?? null, option.multiple === true])
        const documented = entry.flags.map((flag) => [flag.name, flag.type, flag.short ?? null, flag.multiple === true])
        expect(new Set(declared.map((row) => JSON.stringify(row))), entry.name).toEqual(new Set(documented.map((row) => JSON.stringify(row))))
      }
      if (command.positionals) expect(command.positionals, entry.name).toEqual(entry.positionals)
    }
  })
})

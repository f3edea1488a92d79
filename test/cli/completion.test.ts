import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { inGroups } from './cli-test-kit'
import { run, sh, shell } from './terminal-kit'

const scripts: Record<string, string> = {}
let dir = ''

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'flipdrop-completion-'))
  const [bash, zsh, fish] = await inGroups([() => run(['completion', 'bash']), () => run(['completion', 'zsh']), () => run(['completion', 'fish'])])
  for (const [shellName, result] of Object.entries({ bash, zsh, fish })) {
    expect(result.code, result.stderr).toBe(0)
    scripts[shellName] = join(dir, `flipdrop.${shellName}`)
    await writeFile(scripts[shellName] ?? '', result.stdout)
  }
})

/** What bash completes for a command line ending in the word being typed. */
async function bashCompletes(line: string): Promise<string[]> {
  const words = line.split(' ')
  const script = `source ${sh(scripts['bash'] ?? '')}; COMP_WORDS=(${words.map(sh).join(' ')}); COMP_CWORD=${words.length - 1}; _flipdrop; printf '%s\\n' "\${COMPREPLY[@]}"`
  const result = await shell(script, {}, dir)
  return result.stdout.split('\n').filter(Boolean)
}

/** What fish completes for a command line (its own `complete -C`). */
async function fishCompletes(line: string): Promise<string[]> {
  const result = await shell(`fish --no-config -c ${sh(`source ${scripts['fish']}; complete -C ${sh(line)}`)}`, {}, dir)
  return result.stdout.split('\n').filter(Boolean).map((entry) => entry.split('\t')[0] ?? '')
}

describe('flipdrop completion bash|zsh|fish, from the command registry', { timeout: 60_000 }, () => {
  it('bash completes commands, subcommands, flags and flag values', async () => {
    await writeFile(join(dir, 'brochure.pdf'), '%PDF-1.4')
    const [commands, subcommands, flags, sortKeys, files] = await inGroups(
      [() => bashCompletes('flipdrop li'), () => bashCompletes('flipdrop link '), () => bashCompletes('flipdrop list --pa'), () => bashCompletes('flipdrop list --sort Cr'), () => bashCompletes('flipdrop upload bro')],
      5
    )
    expect(commands).toEqual(['list', 'link'])
    expect(subcommands).toEqual(['add', 'remove', 'list'])
    expect(flags).toEqual(['--page', '--page-size'])
    expect(sortKeys).toEqual(['CreatedOn'])
    expect(files).toEqual(['brochure.pdf'])
  })

  it('fish completes commands with their summaries, subcommands and flags', async () => {
    const [commands, subcommands, flags, shells] = await inGroups([
      () => fishCompletes('flipdrop hot'),
      () => fishCompletes('flipdrop hotfolder '),
      () => fishCompletes('flipdrop pdf 1042 --o'),
      () => fishCompletes('flipdrop completion ')
    ])
    expect(commands).toEqual(['hotfolder'])
    expect(subcommands.sort()).toEqual(['add', 'list', 'remove'])
    expect(flags).toContain('--output')
    expect(shells.sort()).toEqual(['bash', 'fish', 'zsh'])
  })

  it('zsh: the script loads, registers _flipdrop for flipdrop, and offers the commands and a command\'s flags', async () => {
    // _describe and _arguments stand in for the completion system: they print what they were given.
    const probe = (words: string, current: number): string =>
      `_describe() { print -r -- "describe: \${(P)\${@[-1]}}" }; _arguments() { print -r -- "arguments: $*" }; words=(${words}); CURRENT=${current}; _flipdrop`
    const result = await shell(
      `zsh -f -c ${sh(`autoload -Uz compinit && compinit -u -d ${dir}/zcompdump; source ${scripts['zsh']}; print -r -- "registered: $_comps[flipdrop]"; ${probe('flipdrop ""', 2)}; ${probe('flipdrop list --', 3)}`)}`,
      {},
      dir
    )
    expect(result.code, result.stderr).toBe(0)
    expect(result.stdout).toContain('registered: _flipdrop')
    expect(result.stdout).toMatch(/describe: .*upload:Publish PDFs/)
    expect(result.stdout).toMatch(/arguments: -s .*--page-size\[Items per page/)
  })

  it('an unknown shell is a usage mistake', async () => {
    const result = await run(['completion', 'powershell'])
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('flipdrop completion: no completion for "powershell"; say bash, zsh or fish.\n')
  })
})

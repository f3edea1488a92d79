import type { Command } from '../command'
import { COMMANDS } from '../commands/registry'
import { EXIT } from '../exit-codes'
import { bashCompletion } from './completion-bash'
import { fishCompletion } from './completion-fish'
import { completionModel } from './completion-model'
import { zshCompletion } from './completion-zsh'
import { SHELLS } from './specs/setup'

const SCRIPTS = { bash: bashCompletion, zsh: zshCompletion, fish: fishCompletion } as const

const isShell = (name: string): name is (typeof SHELLS)[number] => (SHELLS as readonly string[]).includes(name)

/** `flipdrop completion bash|zsh|fish`: the script, on stdout, from the same registry as help. */
export const completion: Command = {
  async run(_values, [shell = ''], ctx) {
    if (!isShell(shell)) {
      ctx.warn(`flipdrop completion: no completion for "${shell}"; say bash, zsh or fish.`)
      return EXIT.usage
    }
    ctx.stdout.write(SCRIPTS[shell](completionModel(COMMANDS)))
    return EXIT.ok
  }
}

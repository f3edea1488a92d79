import type { CommandSpec } from '../../command'

export const SHELLS = ['bash', 'zsh', 'fish'] as const

export const COMPLETION: CommandSpec = {
  name: 'completion',
  group: 'setup',
  summary: 'Print the shell completion script for bash, zsh or fish (commands and flags).',
  usage: ['bash|zsh|fish'],
  positionals: [1, 1],
  args: SHELLS,
  flags: [],
  examples: [
    { says: 'Bash, for this shell:', run: 'source <(flipdrop completion bash)' },
    { says: 'Zsh, for this shell (after compinit):', run: 'source <(flipdrop completion zsh)' },
    { says: 'Fish:', run: 'flipdrop completion fish > ~/.config/fish/completions/flipdrop.fish' }
  ],
  interrupted: 'Nothing was changed.'
}

import type { FlagSpec } from '../command'
import type { CompletionModel } from './completion-model'

const words = (list: readonly string[]): string => list.join(' ')

/** The flag spellings of a command, as typed. */
function spellings(flags: readonly FlagSpec[]): string[] {
  return flags.flatMap((flag) => [`--${flag.name}`, ...(flag.short ? [`-${flag.short}`] : [])])
}

/** compgen for a value or argument kind: files, folders, or fixed words. */
function compgen(kind: FlagSpec['complete']): string {
  if (kind === 'file') return 'COMPREPLY=($(compgen -f -- "$cur"))'
  if (kind === 'dir') return 'COMPREPLY=($(compgen -d -- "$cur"))'
  if (kind) return `COMPREPLY=($(compgen -W "${words(kind)}" -- "$cur"))`
  return 'COMPREPLY=()'
}

/** `flipdrop completion bash`: a function for `complete -F`, from the registry. */
export function bashCompletion(model: CompletionModel): string {
  const groupCases = [...model.groups].map(([group, subs]) => `    ${group})\n      if [[ $COMP_CWORD -eq 2 ]]; then COMPREPLY=($(compgen -W "${words(subs.map((sub) => sub.word))}" -- "$cur")); return; fi\n      cmd="$first $second" ;;`)
  const valueCases = model.commands.flatMap((command) =>
    command.flags
      .filter((flag) => flag.type === 'string')
      .map((flag) => `    "${command.name}:--${flag.name}"${flag.short ? `|"${command.name}:-${flag.short}"` : ''}) ${compgen(flag.complete)}; return ;;`)
  )
  const flagCases = model.commands.map((command) => `    "${command.name}") flags="${words(spellings(command.flags))}" ;;`)
  const argCases = model.commands.filter((command) => command.args).map((command) => `    "${command.name}") ${compgen(command.args)} ;;`)
  return `# flipdrop completion for bash. Load it with: source <(flipdrop completion bash)
_flipdrop() {
  local cur=\${COMP_WORDS[COMP_CWORD]} prev=\${COMP_WORDS[COMP_CWORD-1]}
  local first=\${COMP_WORDS[1]} second=\${COMP_WORDS[2]}
  local cmd=$first flags=""
  if [[ $COMP_CWORD -eq 1 ]]; then
    COMPREPLY=($(compgen -W "${words(model.top.map((entry) => entry.word))}" -- "$cur")); return
  fi
  case $first in
${groupCases.join('\n')}
    help) COMPREPLY=($(compgen -W "${words(model.top.map((entry) => entry.word))}" -- "$cur")); return ;;
  esac
  case "$cmd:$prev" in
${valueCases.join('\n')}
  esac
  case "$cmd" in
${flagCases.join('\n')}
  esac
  if [[ $cur == -* ]]; then COMPREPLY=($(compgen -W "$flags" -- "$cur")); return; fi
  case "$cmd" in
${argCases.join('\n')}
  esac
}
complete -o filenames -F _flipdrop flipdrop
`
}

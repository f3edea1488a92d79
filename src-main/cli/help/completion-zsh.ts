import type { FlagSpec, ValueKind } from '../command'
import { shortText, type CompletionModel, type CompletionWord } from './completion-model'

/** Text inside a single-quoted zsh word, and inside _arguments' [description] and name:desc pairs. */
const quoted = (text: string): string => text.replace(/'/g, "'\\''").replace(/[[\]]/g, '').replace(/:/g, '\\:')

/** The action after a flag's or an argument's message: files, folders, or fixed words. */
function action(kind: ValueKind | undefined): string {
  if (kind === 'file') return '_files'
  if (kind === 'dir') return '_files -/'
  if (kind) return `(${kind.join(' ')})`
  return ' '
}

/** One _arguments spec: `--name[what]:value:action`, both spellings when there is a short one. */
function flagSpec(flag: FlagSpec): string {
  const value = flag.type === 'string' ? `:${flag.value ?? 'value'}:${action(flag.complete)}` : ''
  const described = `[${quoted(shortText(flag.description))}]${value}`
  const repeat = flag.multiple ? '*' : ''
  if (!flag.short) return `'${repeat}--${flag.name}${described}'`
  return `'(-${flag.short} --${flag.name})'{-${flag.short},--${flag.name}}'${described}'`
}

const described = (list: readonly CompletionWord[]): string => list.map((entry) => `'${quoted(entry.word)}:${quoted(entry.summary)}'`).join(' ')

/** `flipdrop completion zsh`: an autoloadable #compdef function, which also works when sourced. */
export function zshCompletion(model: CompletionModel): string {
  const groupCases = [...model.groups].map(
    ([group, subs]) => `    ${group})
      if (( CURRENT == 3 )); then local -a subs; subs=(${described(subs)}); _describe -t commands '${group} command' subs; return; fi
      cmd="${group} \${words[3]}"; shift words; (( CURRENT-- )) ;;`
  )
  const commandCases = model.commands.map((command) => {
    const args = command.args ? ` '*:argument:${action(command.args)}'` : ''
    return `    '${command.name}') _arguments -s ${command.flags.map(flagSpec).join(' ')}${args} ;;`
  })
  return `#compdef flipdrop
# flipdrop completion for zsh. Load it with: source <(flipdrop completion zsh)
_flipdrop() {
  local -a commands
  commands=(${described(model.top)})
  if (( CURRENT == 2 )); then _describe -t commands 'flipdrop command' commands; return; fi
  local cmd=\${words[2]}
  case $cmd in
${groupCases.join('\n')}
    help) _describe -t commands 'flipdrop command' commands; return ;;
  esac
  shift words; (( CURRENT-- ))
  case $cmd in
${commandCases.join('\n')}
  esac
}
if [[ \${zsh_eval_context[-1]} == loadautofunc ]]; then
  _flipdrop "$@"
else
  compdef _flipdrop flipdrop
fi
`
}

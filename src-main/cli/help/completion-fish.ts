import type { FlagSpec, ValueKind } from '../command'
import { shortText, type CompletionModel } from './completion-model'

/** A fish single-quoted word. */
const quoted = (text: string): string => `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`

/** The options that complete a value or an argument: files (the default), folders, or fixed words. */
function values(kind: ValueKind | undefined): string {
  if (kind === 'file') return '-F'
  if (kind === 'dir') return "-xa '(__fish_complete_directories)'"
  if (kind) return `-xa ${quoted(kind.join(' '))}`
  return '-x'
}

/** `flipdrop completion fish`: `complete` lines read from the registry. */
export function fishCompletion(model: CompletionModel): string {
  const lines = ['# flipdrop completion for fish. Load it with: flipdrop completion fish | source', 'complete -c flipdrop -f']
  const tops = model.top.map((entry) => entry.word).join(' ')
  for (const entry of model.top) lines.push(`complete -c flipdrop -n '__fish_use_subcommand' -a ${quoted(entry.word)} -d ${quoted(entry.summary)}`)
  lines.push(`complete -c flipdrop -n '__fish_seen_subcommand_from help' -a ${quoted(tops)}`)
  for (const [group, subs] of model.groups) {
    const none = `__fish_seen_subcommand_from ${group}; and not __fish_seen_subcommand_from ${subs.map((sub) => sub.word).join(' ')}`
    for (const sub of subs) lines.push(`complete -c flipdrop -n ${quoted(none)} -a ${quoted(sub.word)} -d ${quoted(sub.summary)}`)
  }
  for (const command of model.commands) {
    const condition = command.name
      .split(' ')
      .map((word) => `__fish_seen_subcommand_from ${word}`)
      .join('; and ')
    const when = `-n ${quoted(condition)}`
    for (const flag of command.flags) lines.push(`complete -c flipdrop ${when} ${flagOptions(flag)}`)
    if (command.args) lines.push(`complete -c flipdrop ${when} ${values(command.args)}`)
  }
  return `${lines.join('\n')}\n`
}

function flagOptions(flag: FlagSpec): string {
  const short = flag.short ? `-s ${flag.short} ` : ''
  const value = flag.type === 'string' ? ` -r ${values(flag.complete)}` : ''
  return `${short}-l ${flag.name}${value} -d ${quoted(shortText(flag.description))}`
}

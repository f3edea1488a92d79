import type { CommandSpec, FlagSpec, ValueKind } from '../command'
import { GLOBAL_FLAGS } from './global-flags'
import { topWord } from './render-help'

/** One word that can follow `flipdrop` (or a group word), with what it does. */
export interface CompletionWord {
  readonly word: string
  readonly summary: string
}

/** What the shells complete, read from the command registry: the same specs help shows. */
export interface CompletionModel {
  /** Words after `flipdrop`: commands, group words, `help`. Aliases are left out (old spellings). */
  readonly top: readonly CompletionWord[]
  /** Group word → its subcommands' last words. */
  readonly groups: ReadonlyMap<string, readonly CompletionWord[]>
  /** Every command by its full name, with the global flags added to its own. */
  readonly commands: readonly { readonly name: string; readonly flags: readonly FlagSpec[]; readonly args: ValueKind | undefined }[]
}

/** The first sentence of a summary: completion menus show one short line. */
export function shortText(text: string): string {
  const [first = text] = text.split(/(?<=\.)\s|: /)
  return first.replace(/\.$/, '')
}

export function completionModel(specs: readonly CommandSpec[]): CompletionModel {
  const groups = new Map<string, CompletionWord[]>()
  const tops: string[] = []
  const summaries = new Map<string, string>()
  for (const spec of specs) {
    const word = topWord(spec.name)
    if (!tops.includes(word)) tops.push(word)
    if (word === spec.name) summaries.set(word, shortText(spec.summary))
    else groups.set(word, [...(groups.get(word) ?? []), { word: spec.name.slice(word.length + 1), summary: shortText(spec.summary) }])
  }
  // A group word's line names its subcommands: "add, remove, list".
  const summaryOf = (word: string): string => summaries.get(word) ?? (groups.get(word) ?? []).map((sub) => sub.word).join(', ')
  const top = [...tops.map((word) => ({ word, summary: summaryOf(word) })), { word: 'help', summary: "Show a command's flags and examples" }]
  const commands = specs.map((spec) => ({ name: spec.name, flags: [...spec.flags, ...GLOBAL_FLAGS], args: spec.args }))
  return { top, groups, commands }
}

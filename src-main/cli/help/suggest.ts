import type leven from 'leven'

type Leven = typeof leven

/** Edits between two words; for `group sub` names in one group, between the subcommands alone. */
function distance(typed: string, candidate: string, edits: Leven): number {
  const [group, sub] = typed.split(' ')
  const [candidateGroup, candidateSub] = candidate.split(' ')
  if (sub !== undefined && candidateSub !== undefined && group === candidateGroup) return distance(sub, candidateSub, edits)
  if (candidate.startsWith(typed) && typed.length >= 3) return 0.5
  return edits(typed, candidate)
}

/**
 * The known words closest to a mistyped one, best first: those within a few edits (more for
 * longer words), and those the typed word begins (`hotf` → `hotfolder`). At most three.
 */
export async function suggest(typed: string, known: readonly string[]): Promise<string[]> {
  // Loaded on a mistake only: the commands that were typed right never need it.
  const { default: edits } = await import('leven')
  const word = typed.toLowerCase()
  const limit = Math.max(2, Math.floor((word.split(' ').pop() ?? word).length / 3))
  return [...new Set(known)]
    .map((candidate) => ({ candidate, distance: distance(word, candidate.toLowerCase(), edits) }))
    .filter(({ distance }) => distance <= limit)
    .sort((a, b) => a.distance - b.distance || a.candidate.localeCompare(b.candidate))
    .slice(0, 3)
    .map(({ candidate }) => candidate)
}

/** " Did you mean "x" or "y"?" — or nothing, when no word is close. */
export function didYouMean(options: readonly string[]): string {
  if (options.length === 0) return ''
  const quoted = options.map((option) => `"${option}"`)
  const last = quoted.pop()
  return ` Did you mean ${quoted.length > 0 ? `${quoted.join(', ')} or ${last}` : last}?`
}

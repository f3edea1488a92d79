import type { AccountEntry } from '../../../src-shared/domain/auth'
import { accountLabel } from '../../../src-shared/domain/auth'

/** Why a `--account` choice names no single signed-in account, with what would. */
export class AccountChoiceError extends Error {
  constructor(
    message: string,
    readonly reason: 'none' | 'ambiguous',
    /** The accounts it could mean (ambiguous), or those signed in (none). */
    readonly candidates: AccountEntry[]
  ) {
    super(message)
    this.name = 'AccountChoiceError'
  }
}

const fold = (text: string | null): string => (text ?? '').trim().toLowerCase()
const listed = (entries: AccountEntry[]): string => entries.map((entry) => `${accountLabel(entry)} [${entry.userId}]`).join(', ')

/**
 * The one signed-in account a person named: by UserID, else email, else name or brand (letter
 * case aside). An exact UserID or email wins over names; a name two accounts share is refused
 * with both, never guessed.
 */
export function resolveAccount(choice: string, accounts: readonly AccountEntry[]): AccountEntry {
  const signedIn = accounts.filter((entry) => entry.signedIn)
  const wanted = fold(choice)
  const byId = signedIn.filter((entry) => entry.userId === choice.trim())
  if (byId.length === 1) return byId[0] as AccountEntry
  const byEmail = signedIn.filter((entry) => fold(entry.email) === wanted)
  if (byEmail.length === 1) return byEmail[0] as AccountEntry
  const byName = signedIn.filter((entry) => fold(entry.name) === wanted || fold(entry.brand) === wanted)
  if (byName.length === 1) return byName[0] as AccountEntry
  const matches = byEmail.length > 1 ? byEmail : byName
  if (matches.length > 1) {
    throw new AccountChoiceError(`"${choice}" names more than one account: ${listed(matches)}. Give the email or the user ID.`, 'ambiguous', matches)
  }
  const known = signedIn.length === 0 ? 'No account is signed in.' : `Signed in: ${listed(signedIn)}.`
  throw new AccountChoiceError(`No signed-in account is "${choice}". ${known}`, 'none', signedIn)
}

import { accountLabel, accountShortName, type AccountEntry } from '../../../src-shared/domain/auth'
import { ACCOUNTS_WORDS } from './words'

/*
 * Several accounts side by side (one designer, several API keys, often white-label brands):
 * how the window names an account in a small space, tells them apart by colour, and counts
 * work per account. Pure, for the stores and components.
 */

/** What an account is called in a badge: its brand, else its name, else its e-mail. */
export function shortName(entry: Pick<AccountEntry, 'name' | 'email' | 'brand'>): string {
  return accountShortName(entry) ?? ACCOUNTS_WORDS.unnamed
}

/** Up to two letters for an avatar without a picture: "Dana Whitfield" → "DW", "dana@x.com" → "DX". */
export function initialsOf(name: string | null): string {
  const letters = (name ?? '')
    .split(/[\s@.]+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase() ?? '')
  return letters.join('') || '?'
}

/** How many colours badges take turns with (styles/base.css defines `.account-hue-0` … `-7`, light and dark). */
export const ACCOUNT_HUES = 8

function hashOf(text: string): number {
  let hash = 2166136261
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 16777619)
  return hash >>> 0
}

/**
 * A colour per account that stays the same from one start to the next (from its UserID, not
 * from its place in a list, which changes when another account signs out), and differs from
 * the others known as long as there are colours left.
 */
export function accountHues(userIds: readonly string[]): Map<string, number> {
  const hues = new Map<string, number>()
  const taken = new Set<number>()
  for (const userId of [...new Set(userIds)].sort()) {
    let hue = hashOf(userId) % ACCOUNT_HUES
    for (let tries = 0; tries < ACCOUNT_HUES && taken.has(hue); tries++) hue = (hue + 1) % ACCOUNT_HUES
    taken.add(hue)
    if (taken.size === ACCOUNT_HUES) taken.clear()
    hues.set(userId, hue)
  }
  return hues
}

/** One account as a badge, the queue's filter or a list names it. */
export interface AccountTag {
  userId: string
  /** Brand, else name, else e-mail. */
  short: string
  /** "Northwind (dana@…)": the accessible name and the tooltip. */
  label: string
  hue: number
  signedIn: boolean
}

/**
 * Tags for every account known, plus any account named by work (`userIds`) that main did not
 * list. Work recorded before FlipDrop kept accounts (null) gets none: it cannot be said whose it is.
 */
export function accountTags(accounts: readonly AccountEntry[], userIds: Iterable<string | null> = []): Map<string, AccountTag> {
  const named = [...new Set(userIds)].filter((id): id is string => id !== null)
  const hues = accountHues([...accounts.map((entry) => entry.userId), ...named])
  const tags = new Map<string, AccountTag>()
  for (const entry of accounts) {
    tags.set(entry.userId, { userId: entry.userId, short: shortName(entry), label: accountLabel(entry), hue: hues.get(entry.userId) ?? 0, signedIn: entry.signedIn })
  }
  for (const userId of named) {
    // Main lists every account work names; should one be missing, it is said plainly.
    if (!tags.has(userId)) tags.set(userId, { userId, ...ACCOUNTS_WORDS.unknown, hue: hues.get(userId) ?? 0, signedIn: false })
  }
  return tags
}

/** Whether work names two or more accounts (work recorded before FlipDrop kept accounts is not counted). */
export function namesSeveral(userIds: Iterable<string | null>): boolean {
  const seen = new Set<string>()
  for (const userId of userIds) if (userId !== null && seen.add(userId).size > 1) return true
  return false
}

/** One choice of the queue's account filter: an account and how many uploads it has in the list. */
export interface AccountCount extends AccountTag {
  count: number
}

/**
 * The accounts the queue knows: the signed-in ones (in the order added), then any other that
 * has work in the list, each with its count.
 */
export function queueAccounts(jobs: Iterable<{ accountId: string | null }>, accounts: readonly AccountEntry[]): AccountCount[] {
  const counts = new Map<string | null, number>()
  for (const job of jobs) counts.set(job.accountId, (counts.get(job.accountId) ?? 0) + 1)
  const tags = accountTags(accounts, counts.keys())
  const shown: AccountCount[] = []
  for (const entry of accounts) {
    const count = counts.get(entry.userId) ?? 0
    const tag = tags.get(entry.userId)
    if (tag && (entry.signedIn || count > 0)) shown.push({ ...tag, count })
  }
  for (const [userId, count] of counts) {
    const tag = userId === null ? undefined : tags.get(userId)
    if (tag && !shown.some((entry) => entry.userId === userId)) shown.push({ ...tag, count })
  }
  return shown
}

import { z } from 'zod'
import type { Said } from '../i18n/said'
import type { Account } from './service/account'
import { settingsSchema } from './settings'

/** Where the key in use came from; the key itself never leaves the main process. */
export type KeySource = 'keychain' | 'session' | 'environment' | 'none'

/** Something the user must act on: a rejected key, a locked or missing keychain. */
export interface AuthProblem {
  code: 'unauthorized' | 'keychain-locked' | 'keychain-unavailable' | 'keychain-timeout' | 'keychain-failed'
  /** In English, as the command prints it. */
  message: string
  /** The same sentence for the window to say in its language (src-shared/i18n/core); made fresh each run, never stored. */
  said?: Said
}

/**
 * One account FlipDrop knows: signed in (its key kept here, in the keychain or for this
 * session), or signed out but named by work made for it. Never its key.
 */
export interface AccountEntry {
  userId: string
  name: string | null
  email: string | null
  /** The white-label brand the account belongs to (whoami's Brand). */
  brand: string | null
  /** The profile picture's address, where the service gave one. */
  profileImage: string | null
  /** The account new work goes to and the library, quota and account views show. */
  current: boolean
  /** Its key is kept here; false: signed out (jobs made for it wait for it). */
  signedIn: boolean
  storage: KeySource
  /** What is wrong with its key (refused by the service), if anything. */
  problem: AuthProblem | null
}

/** All the renderer ever learns about sign-in. The first four fields are the current account's. */
export interface AuthState {
  signedIn: boolean
  account: Account | null
  storage: KeySource
  problem: AuthProblem | null
  /** Every account FlipDrop knows: the signed-in ones first, in the order they were added. */
  accounts: AccountEntry[]
}

/** What an account is called in a small space (a badge, a notice): its brand, else its name, else its email. */
export function accountShortName(entry: Pick<AccountEntry, 'name' | 'email' | 'brand'>): string | null {
  return entry.brand ?? entry.name ?? entry.email
}

/** Names an account in one line for people: "Northwind (dana@…)", by brand, then name, then email. */
export function accountLabel(entry: Pick<AccountEntry, 'name' | 'email' | 'brand'>): string {
  const title = accountShortName(entry) ?? 'Your account'
  return entry.email && entry.email !== title ? `${title} (${entry.email})` : title
}

export const switchAccountSchema = z.object({ userId: z.string().min(1).max(200) }).strict()
/** Sign out of one account (by UserID), or of the current one without it. */
export const signOutSchema = z.object({ userId: z.string().min(1).max(200).optional() }).strict().optional()

const fields = settingsSchema.shape

/** The sign-in form, checked the same way in the form and in main. */
export const signInSchema = z
  .object({
    apiKey: z
      .string()
      .trim()
      .min(8, 'That is too short to be an API key.')
      .max(512, 'That is too long to be an API key.')
      .regex(/^[\x21-\x7e]+$/, 'An API key has no spaces or special characters; check what was pasted.'),
    baseUrl: fields.baseUrl.removeDefault().optional(),
    documentUrl: fields.documentUrl.removeDefault().optional(),
    /** Keep the key in memory only, when no keychain is available. */
    sessionOnly: z.boolean().default(false)
  })
  .strict()

export type SignInInput = z.input<typeof signInSchema>

import { z } from 'zod'
import type { Account } from './service/account'
import { settingsSchema } from './settings'

/** Where the key in use came from; the key itself never leaves the main process. */
export type KeySource = 'keychain' | 'session' | 'environment' | 'none'

/** Something the user must act on: a rejected key, a locked or missing keychain. */
export interface AuthProblem {
  code: 'unauthorized' | 'keychain-locked' | 'keychain-unavailable' | 'keychain-timeout' | 'keychain-failed'
  message: string
}

/** All the renderer ever learns about sign-in. */
export interface AuthState {
  signedIn: boolean
  account: Account | null
  storage: KeySource
  problem: AuthProblem | null
}

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

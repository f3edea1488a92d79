import { z } from 'zod'
import { signInSchema, signOutSchema, switchAccountSchema, type AuthState } from '../domain/auth'
import { event, invoke } from './define'

/**
 * The `auth` area: sign in with a key (validated by the service first; another account is
 * added beside those signed in and becomes the current one), switch, sign out of one, and the state.
 */
export const auth = {
  status: invoke<AuthState>()('auth:status', z.undefined()),
  signIn: invoke<AuthState>()('auth:signIn', signInSchema),
  signOut: invoke<AuthState>()('auth:signOut', signOutSchema),
  /** Makes another signed-in account the current one (instant: its library and account are on disk). */
  switch: invoke<AuthState>()('auth:switch', switchAccountSchema),
  /** Checks the key with the service again and refreshes the account. */
  refresh: invoke<AuthState>()('auth:refresh', z.undefined()),
  changed: event<AuthState>()('auth:changed')
}

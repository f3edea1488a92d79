import { z } from 'zod'
import { signInSchema, type AuthState } from '../domain/auth'
import { event, invoke } from './define'

/** The `auth` area: sign in with a key (validated by the service first), sign out, and the state. */
export const auth = {
  status: invoke<AuthState>()('auth:status', z.undefined()),
  signIn: invoke<AuthState>()('auth:signIn', signInSchema),
  signOut: invoke<AuthState>()('auth:signOut', z.undefined()),
  /** Checks the key with the service again and refreshes the account. */
  refresh: invoke<AuthState>()('auth:refresh', z.undefined()),
  changed: event<AuthState>()('auth:changed')
}

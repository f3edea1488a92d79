import type { Command, CommandEntry, CommandSpec } from '../command'
import { ACCOUNT, ACCOUNTS, CURRENCIES, MUSIC, PAYMENTS, PLAN, PROFILE, SKINS, TEMPLATES, WHOAMI } from '../help/specs/account'
import { DUPLICATE, GET, LIST, PDF, SHARE, STATS } from '../help/specs/library'
import { HOTFOLDER_ADD, HOTFOLDER_LIST, HOTFOLDER_REMOVE, LINK_ADD, LINK_LIST, LINK_REMOVE, WATCH } from '../help/specs/links'
import { QUEUE, REPLACE, UPLOAD } from '../help/specs/publish'
import { COMPLETION } from '../help/specs/setup'
import { AUTH_LOGIN, AUTH_LOGOUT, AUTH_STATUS } from '../help/specs/auth'

/** A spec and its code, which is imported only when the command runs (so help and --version stay fast). */
const entry = (spec: CommandSpec, load: () => Promise<Command>): CommandEntry => ({ ...spec, load })

/** Every command, in the order the overview lists them (by group). */
export const COMMANDS: readonly CommandEntry[] = [
  entry(UPLOAD, async () => (await import('./upload')).upload),
  entry(REPLACE, async () => (await import('./replace')).replace),
  entry(QUEUE, async () => (await import('./queue')).queue),
  entry(LIST, async () => (await import('./list')).list),
  entry(GET, async () => (await import('./get')).get),
  entry(PDF, async () => (await import('./pdf')).pdf),
  entry(DUPLICATE, async () => (await import('./duplicate')).duplicate),
  entry(SHARE, async () => (await import('./share')).share),
  entry(STATS, async () => (await import('./stats')).stats),
  entry(LINK_ADD, async () => (await import('./links')).linkAdd),
  entry(LINK_REMOVE, async () => (await import('./links')).linkRemove),
  entry(LINK_LIST, async () => (await import('./links')).linkList),
  entry(HOTFOLDER_ADD, async () => (await import('./hotfolders')).hotfolderAdd),
  entry(HOTFOLDER_REMOVE, async () => (await import('./hotfolders')).hotfolderRemove),
  entry(HOTFOLDER_LIST, async () => (await import('./hotfolders')).hotfolderList),
  entry(WATCH, async () => (await import('./watch')).watch),
  entry(WHOAMI, async () => (await import('./whoami')).whoami),
  entry(ACCOUNT, async () => (await import('./account')).account),
  entry(ACCOUNTS, async () => (await import('./accounts')).accounts),
  entry(AUTH_LOGIN, async () => (await import('./auth-login')).authLogin),
  entry(AUTH_STATUS, async () => (await import('./auth-status')).authStatus),
  entry(AUTH_LOGOUT, async () => (await import('./auth-logout')).authLogout),
  entry(PLAN, async () => (await import('./plan')).plan),
  entry(PAYMENTS, async () => (await import('./payments')).payments),
  entry(PROFILE, async () => (await import('./profile')).profile),
  entry(TEMPLATES, async () => (await import('./templates')).templates),
  entry(SKINS, async () => (await import('./skins')).skins),
  entry(CURRENCIES, async () => (await import('./currencies')).currencies),
  entry(MUSIC, async () => (await import('./music')).music),
  entry(COMPLETION, async () => (await import('../help/completion')).completion)
]

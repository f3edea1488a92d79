import type { Account } from '../../../src-shared/domain/service/account'
import { openKnownAccounts, type KnownAccounts } from '../../core/accounts/known-accounts'
import { AccountChoiceError, resolveAccount } from '../../core/accounts/resolve-account'
import { createAccountCache } from '../../core/auth/account-cache'
import { createKeyRing, type KeyRing } from '../../core/auth/key-ring'
import type { Logger } from '../../core/log'
import type { KeychainStore } from '../../core/secrets/key-store'
import { CliError } from '../cli-error'
import { EXIT } from '../exit-codes'
import { keyAccounts, signedInEntries, type KeyAccount } from './key-accounts'
import { noKeyMessage } from './no-key-message'

/**
 * The keys the command holds (FLIPDROP_API_KEY alone, else every keychain entry), with the
 * accounts FlipDrop knows them to be, and the one a command uses. Reads the data folder and
 * the keychain, never writes them (the key ring writes only when a command asks it to).
 */
export interface AccountBook {
  /** FLIPDROP_API_KEY is set: it is the only key, and `--account` is ignored. */
  readonly fromEnvironment: boolean
  /** The keychain's keys (or the environment's), for auth login and logout to change. */
  readonly ring: KeyRing
  readonly known: KnownAccounts
  /** Every key held, with its account's names as known so far. */
  list(): KeyAccount[]
  /** Asks the service whose the keys FlipDrop cannot name are; returns why it could not, by key (offline, refused). */
  learn(): Promise<Map<string, unknown>>
  /**
   * The key for `choice` (an email, UserID, name or brand; FLIPDROP_API_KEY overrides it), else
   * the app's current account when its key is held, else the first key. Exit 3 without any key;
   * AccountChoiceError when the choice names no signed-in account, or several.
   */
  choose(choice: string | undefined): Promise<KeyAccount>
}

export interface AccountBookOptions {
  dataDir: string
  /** FLIPDROP_API_KEY; undefined to read the keychain even when it is set (auth login, logout). */
  environmentKey: string | undefined
  keychain: KeychainStore
  log: Logger
  /** Whose a key is, asked of the service (whoami). */
  whose(key: string): Promise<Account>
}

export async function openAccountBook(options: AccountBookOptions): Promise<AccountBook> {
  const known = await openKnownAccounts(options.dataDir, options.log)
  const cache = createAccountCache(options.dataDir)
  const ring = createKeyRing({
    keychain: options.keychain,
    environmentKey: options.environmentKey,
    signedInBefore: async () => known.all().length > 0 || (await cache.read()) !== null,
    // The entry kept before several accounts: the last account the app saw names its key (a hint, read only).
    legacyHint: async () => (await cache.read())?.userId ?? null,
    log: options.log
  })
  await ring.load()
  const learned = new Map<string, Account>()
  const list = (): KeyAccount[] => keyAccounts(ring.keys, known, learned)

  async function learn(): Promise<Map<string, unknown>> {
    const failed = new Map<string, unknown>()
    const unnamed = list().filter((account) => account.unnamed && !learned.has(account.held.key))
    await Promise.all(
      unnamed.map(async ({ held }) => {
        try {
          learned.set(held.key, await options.whose(held.key))
        } catch (error) {
          failed.set(held.key, error)
          options.log.info('Could not ask the service whose a key is', error instanceof Error ? error.message : error)
        }
      })
    )
    return failed
  }

  function pick(choice: string): KeyAccount {
    const accounts = list()
    const chosen = resolveAccount(choice, signedInEntries(accounts, null))
    const found = accounts.find((account) => account.userId === chosen.userId)
    if (!found) throw new AccountChoiceError(`No signed-in account is "${choice}".`, 'none', [])
    return found
  }

  /** `pick`, once more after asking the service whose the keys FlipDrop cannot name are: one of them may be the one meant. */
  async function pickAfterLearning(choice: string): Promise<KeyAccount> {
    const failed = await learn()
    try {
      return pick(choice)
    } catch (error) {
      // Never a guess: a key the service could not name is not taken for the one meant, but it is said.
      if (!(error instanceof AccountChoiceError) || failed.size === 0) throw error
      const more = failed.size === 1 ? '1 more key' : `${failed.size} more keys`
      throw new AccountChoiceError(`${error.message} ${more} could not be checked with the service just now.`, error.reason, error.candidates)
    }
  }

  return {
    fromEnvironment: options.environmentKey !== undefined,
    ring,
    known,
    list,
    learn,
    async choose(choice) {
      const accounts = list()
      const [first] = accounts
      if (!first) throw new CliError(noKeyMessage(ring.problem), EXIT.noKey)
      if (options.environmentKey !== undefined) return first
      if (choice === undefined) return accounts.find((account) => account.userId !== null && account.userId === known.current()) ?? first
      try {
        return pick(choice)
      } catch (error) {
        if (!(error instanceof AccountChoiceError) || error.reason !== 'none' || !accounts.some((account) => account.unnamed)) throw error
        return pickAfterLearning(choice)
      }
    }
  }
}

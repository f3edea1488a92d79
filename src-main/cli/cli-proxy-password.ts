import type { Logger } from '../core/log'
import type { KeyStore } from '../core/secrets/key-store'
import { legacyProxyPassword } from '../core/settings/move-proxy-password'
import { createProxyPasswords } from '../core/settings/proxy-password'

/**
 * The Settings proxy's password for the command: the keychain's entry, else one an older
 * app version left in `settings.json` (the command never writes the data folder, so only
 * the app moves it). Read once, at the first request through that proxy; whatever is read
 * joins `secrets`, so no line the command prints can show it.
 */
export function cliProxyPassword(options: { dataDir: string; keychain: () => Promise<KeyStore>; secrets: string[]; log: Logger }): () => Promise<string | null> {
  let read: Promise<string | null> | undefined
  return () =>
    (read ??= (async () => {
      let stored: string | null = null
      try {
        stored = await createProxyPasswords(await options.keychain()).get()
      } catch (error) {
        // No keychain here (a server, a pipeline): the settings file may still have an older version's.
        options.log.info("Could not read the proxy's password from the keychain", error)
      }
      const password = stored ?? ((await legacyProxyPassword(options.dataDir)) || null)
      if (password) options.secrets.push(password)
      return password
    })())
}

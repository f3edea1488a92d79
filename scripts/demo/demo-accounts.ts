import { createCore, type Core } from '../../src-main/core/core'
import { createLogger } from '../../src-main/core/log'
import { createMemoryKeychain } from '../../test/support/memory-keychain'

/** The demo's keys: `demo-key`, then `demo-key-2`, `demo-key-3`, … (the emulator makes each its own account). */
export function demoKeys(count: number): string[] {
  return Array.from({ length: count }, (_, index) => (index === 0 ? 'demo-key' : `demo-key-${String(index + 1)}`))
}

/**
 * Signs a core in to every demo account the way a person would (each key checked with the
 * service and kept in the core's keychain, which the demo makes a throwaway one), makes the
 * first current again, and adds the hot folder for it.
 */
export async function signInDemoAccounts(core: Core, keys: readonly string[], hotFolder: string | undefined): Promise<void> {
  const userIds: string[] = []
  for (const apiKey of keys) {
    const state = await core.auth.signIn({ apiKey, sessionOnly: false })
    if (state.account?.userId) userIds.push(state.account.userId)
  }
  const [first] = userIds
  if (first !== undefined) await core.auth.switch({ userId: first })
  if (hotFolder !== undefined) await core.links.addHotFolder({ path: hotFolder, docType: 'Flipbook', accountId: first })
}

/**
 * Prepares Electron's data folder with the core itself: every account signed in (so the folder
 * knows them and which is current) and the hot folder added. The keys it kept go with its
 * memory keychain; Electron gets them from the environment.
 */
export async function prepareDataFolder(
  dataDir: string,
  addresses: { baseUrl: string; documentUrl: string },
  keys: readonly string[],
  hotFolder: string | undefined
): Promise<void> {
  const log = createLogger(() => {})
  const core = await createCore(
    {
      app: { info: { name: 'FlipDrop', version: '0', platform: process.platform, versions: { electron: 'demo', chrome: 'demo', node: process.versions.node } }, openUrl: async () => {}, copyText: () => {} },
      userDataDir: dataDir,
      environment: addresses,
      keychain: createMemoryKeychain(),
      runUploads: false,
      backgroundSync: false,
      links: { watch: false }
    },
    log
  )
  try {
    await signInDemoAccounts(core, keys, hotFolder)
  } finally {
    await core.close()
  }
}

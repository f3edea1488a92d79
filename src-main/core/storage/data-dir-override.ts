import { isAbsolute, resolve } from 'node:path'

/**
 * FLIPDROP_DATA_DIR as an absolute folder, or undefined when it is not set. A relative
 * value means "from where I started FlipDrop", as for any path typed in a shell: Electron's
 * `app.setPath` throws on a relative path, which crashed start-up before anything was shown.
 */
export function dataDirOverride(env: NodeJS.ProcessEnv, cwd: string): string | undefined {
  const value = env['FLIPDROP_DATA_DIR']?.trim()
  if (!value) return undefined
  return isAbsolute(value) ? resolve(value) : resolve(cwd, value)
}

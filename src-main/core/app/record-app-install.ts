import { join } from 'node:path'
import { writeFileDurably } from '../storage/durable-file'
import { APP_INSTALL_FILE, type AppInstall } from './app-install'

/** Written by the installed app at each start (so also by the new version after an update); a failure only loses the hint. */
export async function recordAppInstall(dataDir: string, install: AppInstall): Promise<void> {
  await writeFileDurably(join(dataDir, APP_INSTALL_FILE), `${JSON.stringify(install)}\n`)
}

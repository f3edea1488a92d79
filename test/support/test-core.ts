import { mkdtemp } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { boot, type Booted } from '../../src-main/core/boot'
import type { Core, CoreConfig } from '../../src-main/core/core'
import { createMemoryKeychain } from './memory-keychain'

/** A real, started core in a temp user-data folder, with a recording browser opener and clipboard, and an in-memory log. */
export async function createTestCore(overrides: Partial<CoreConfig> = {}): Promise<{
  booted: Booted
  core: Core
  opened: string[]
  /** Texts put on the clipboard through main. */
  copied: string[]
  logLines: string[]
  events: { channel: string; payload: unknown }[]
  userDataDir: string
}> {
  const opened: string[] = []
  const copied: string[] = []
  const logLines: string[] = []
  const events: { channel: string; payload: unknown }[] = []
  const userDataDir = await mkdtemp(join(tmpdir(), 'flipdrop-core-'))
  const booted = boot({
    app: {
      info: {
        name: 'FlipDrop',
        version: '9.9.9',
        platform: 'linux',
        versions: { electron: '45.0.0', chrome: '140.0.0', node: '22.0.0' }
      },
      openUrl: async (url) => {
        opened.push(url)
      },
      copyText: (text) => {
        copied.push(text)
      }
    },
    userDataDir,
    keychain: createMemoryKeychain(),
    logSink: (level, line) => logLines.push(`${level}: ${line}`),
    emit: (spec, payload) => events.push({ channel: spec.channel, payload }),
    ...overrides
  })
  const core = await booted.startup.ready()
  return { booted, core, opened, copied, logLines, events, userDataDir }
}

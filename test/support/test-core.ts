import { createCore, type Core } from '../../src-main/core/core'

/** A real core with a recording browser opener and an in-memory log. */
export function createTestCore(): { core: Core; opened: string[]; logLines: string[] } {
  const opened: string[] = []
  const logLines: string[] = []
  const core = createCore({
    app: {
      info: {
        name: 'FlipDrop',
        version: '9.9.9',
        platform: 'linux',
        versions: { electron: '45.0.0', chrome: '140.0.0', node: '22.0.0' }
      },
      openUrl: async (url) => {
        opened.push(url)
      }
    },
    logSink: (level, line) => logLines.push(`${level}: ${line}`)
  })
  return { core, opened, logLines }
}

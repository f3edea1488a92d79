import { existsSync } from 'node:fs'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { Worker } from 'node:worker_threads'
import { describe, expect, it } from 'vitest'
import { createLogger } from '../../../../../src-main/core/log'
import type { InspectReply } from '../../../../../src-main/core/queue/intake/inspect-messages'
import { createInspector } from '../../../../../src-main/core/queue/intake/inspect-off-thread'
import { inspectPaths } from '../../../../../src-main/core/queue/intake/inspect-paths'
import { makePdf } from '../../../../emulator/fixtures/make-pdf'

const root = fileURLToPath(new URL('../../../../..', import.meta.url))

async function folderOfPdfs(): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'flipdrop-off-thread-'))
  await writeFile(join(folder, 'a.pdf'), await makePdf(1, 'a'))
  await writeFile(join(folder, 'b.pdf'), await makePdf(2, 'b'))
  await writeFile(join(folder, 'c.txt'), 'not a pdf')
  return folder
}

describe('inspecting paths off the main thread', () => {
  it('gives the same answer as inspecting here, from a worker that really started', async () => {
    const folder = await folderOfPdfs()
    const warnings: string[] = []
    const inspector = createInspector(createLogger((level, line) => level !== 'info' && warnings.push(line)))
    try {
      expect(await inspector.inspect([folder])).toEqual(await inspectPaths([folder]))
      expect(warnings).toEqual([])
    } finally {
      await inspector.close()
    }
  })

  it('the built worker (out/main/inspect-worker.js) answers a request', async () => {
    const built = join(root, 'out/main/inspect-worker.js')
    expect(existsSync(built)).toBe(true)
    const folder = await folderOfPdfs()
    const worker = new Worker(built)
    try {
      const reply = await new Promise<InspectReply>((resolve, reject) => {
        worker.once('message', resolve)
        worker.once('error', reject)
        worker.postMessage({ id: 7, paths: [folder] })
      })
      expect(reply).toEqual({ id: 7, result: await inspectPaths([folder]) })
    } finally {
      await worker.terminate()
    }
  })
})

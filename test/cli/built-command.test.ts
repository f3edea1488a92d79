import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmulator, type RunningEmulator } from '../emulator'
import { makePdf } from '../emulator/fixtures/make-pdf'

const run = promisify(execFile)
const root = fileURLToPath(new URL('../..', import.meta.url))
const KEY = 'fd-built-command-key'
let emulator: RunningEmulator

beforeAll(async () => {
  emulator = await startEmulator({ keys: [KEY], log: () => {} })
})
afterAll(() => emulator.close())

// The installed `flipdrop` runs bin/flipdrop.js → out/main/cli.js (built by npm test before vitest)
// in plain Node: no tsx, no electron.
describe('the built command (bin/flipdrop.js)', () => {
  it('publishes a folder through its intake worker, in plain Node', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'flipdrop-built-cli-'))
    await writeFile(join(folder, 'built-a.pdf'), await makePdf(1, 'built a'))
    await writeFile(join(folder, 'built-b.pdf'), await makePdf(2, 'built b'))
    const { stdout, stderr } = await run(process.execPath, [join(root, 'bin/flipdrop.js'), 'upload', folder, '--wait', '--json'], {
      env: {
        PATH: process.env['PATH'] ?? '',
        FLIPDROP_API_KEY: KEY,
        FLIPDROP_BASE_URL: emulator.baseUrl,
        FLIPDROP_DATA_DIR: await mkdtemp(join(tmpdir(), 'flipdrop-built-cli-data-')),
        DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent'
      }
    })
    // A worker that failed to start would have said so on stderr (and inspected on the main thread).
    expect(stderr).toBe('')
    expect(JSON.parse(stdout)).toEqual({
      jobs: [
        expect.objectContaining({ source: 'built-a.pdf', state: 'done' }),
        expect.objectContaining({ source: 'built-b.pdf', state: 'done' })
      ]
    })
  })
})

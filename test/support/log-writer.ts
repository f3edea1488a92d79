/**
 * A process writing the data folder's log as fast as it can, for the rotation test: argv is
 * the data folder, who writes (app or command), how many lines, and the rotation size. Every
 * 20 lines it looks at the old log, and at the end prints (as JSON) how often it found one
 * smaller than the rotation size: a log moved there before it was full.
 */
import { statSync } from 'node:fs'
import { join } from 'node:path'
import { openLogFile } from '../../src-main/core/logging/log-file'

const [dataDir = '', writer = 'app', countText = '0', maxText = '0'] = process.argv.slice(2)
const maxBytes = Number(maxText)
const file = openLogFile(dataDir, writer === 'command' ? 'command' : 'app', { maxBytes, onTrouble: (message) => process.stderr.write(`${message}\n`) })
const filler = 'x'.repeat(150)
let small = 0
for (let line = 0; line < Number(countText); line += 1) {
  file.sink('info', `${writer} ${line} ${filler}`)
  if (line % 20 !== 0) continue
  try {
    if (statSync(join(file.folder, 'flipdrop.old.log')).size < maxBytes) small += 1
  } catch {
    // No old log yet.
  }
}
process.stdout.write(`${JSON.stringify({ small })}\n`)

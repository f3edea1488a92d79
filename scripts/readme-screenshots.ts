/**
 * Copies the README's screenshots from the last end-to-end run (test-artifacts/screenshots,
 * each taken at 1280×800 and 1024×700, light and dark, and scanned by axe) into
 * docs/screenshots, and prints the README's table. Run after `npm test`:
 *   node --import tsx scripts/readme-screenshots.ts
 * pngquant, when installed, makes them about a third of the size.
 */
import { execFileSync } from 'node:child_process'
import { copyFile, mkdir, stat } from 'node:fs/promises'
import { join } from 'node:path'

/** The views and states the README shows, in the order a new user meets them. */
const SHOWN: readonly (readonly [name: string, caption: string])[] = [
  ['sign-in', 'Sign-in'],
  ['publish-first-run', 'First run'],
  ['publish-every-state', 'Publish: each state a row can be in'],
  ['publish-batch-done', 'A batch at its end'],
  ['publish-same-content-table', 'Several files published before: one table'],
  ['publish-replace-confirm', 'Replacing a live flipbook asks first'],
  ['publish-offline', 'Offline: one strip in every view'],
  ['publish-plan-full', 'Plan full'],
  ['library-grid', 'Library'],
  ['library-list', 'Library as a list'],
  ['library-details', 'Item details'],
  ['account', 'Account'],
  ['settings', 'Settings']
]
const SIZES = ['1280x800', '1024x700'] as const
const SCHEMES = ['light', 'dark'] as const

const from = 'test-artifacts/screenshots'
const to = 'docs/screenshots'

function hasPngquant(): boolean {
  try {
    execFileSync('pngquant', ['--version'], { stdio: 'ignore' })
    return true
  } catch {
    return false
  }
}

await mkdir(to, { recursive: true })
const squeeze = hasPngquant()
const rows: string[] = ['| View | 1280×800 light | 1280×800 dark | 1024×700 light | 1024×700 dark |', '|---|---|---|---|---|']
for (const [name, caption] of SHOWN) {
  const cells: string[] = []
  for (const size of SIZES) {
    for (const scheme of SCHEMES) {
      const file = `${name}-${size}-${scheme}.png`
      await stat(join(from, file)).catch(() => {
        throw new Error(`${file} is missing from ${from}: run npm test first.`)
      })
      if (squeeze) execFileSync('pngquant', ['--force', '--quality=70-95', '--output', join(to, file), join(from, file)])
      else await copyFile(join(from, file), join(to, file))
      cells.push(`<a href="docs/screenshots/${file}"><img src="docs/screenshots/${file}" width="200" alt="${caption}, ${size.replace('x', '×')}, ${scheme}"></a>`)
    }
  }
  rows.push(`| ${caption} | ${cells.join(' | ')} |`)
}
console.log(rows.join('\n'))

/**
 * Copies the README's screenshots from the last end-to-end run (test-artifacts/screenshots,
 * each taken at 1280×800 and 1024×700, and most at the window's minimum 720×520, light and
 * dark, and scanned by axe) into docs/screenshots, and prints the README's table. Run after `npm test`:
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
  ['publish-quiet-queue', 'Publish: one line a file'],
  ['publish-every-state', 'Publish: each state a row can be in'],
  ['publish-review-inline', 'Review before publishing: name and title in the row'],
  ['publish-batch-done', 'A batch at its end'],
  ['publish-same-content-table', 'Several files published before: one table'],
  ['replace-question-one', 'Replacing a live flipbook asks first: now and new, side by side'],
  ['replace-question-several', 'Replacing several: every real cover'],
  ['publish-offline', 'Offline: one strip in every view'],
  ['publish-waiting-for-room', 'Plan full: the files wait for room'],
  ['publish-two-accounts-chip', 'Two accounts: whose queue this is'],
  ['account-menu-two-accounts', 'Two accounts: each its own colour'],
  ['library-grid', 'Library'],
  ['library-list', 'Library as a list'],
  ['library-details-in-view', 'Item details'],
  ['library-duplicate-plan-full', 'Plan full: Duplicate says why it is off'],
  ['agency-library', 'A folder per client (35 folders)'],
  ['watched-folders', 'Watched folders: hot folders and linked files'],
  ['account', 'Account'],
  ['settings', 'Settings']
]
const SIZES = ['1280x800', '1024x700', '720x520'] as const
/** Sizes every row must have; the window's minimum is shown where the run took it. */
const REQUIRED = new Set<string>(['1280x800', '1024x700'])
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
const rows: string[] = [
  `| View | ${SIZES.flatMap((size) => SCHEMES.map((scheme) => `${size.replace('x', '×')} ${scheme}`)).join(' | ')} |`,
  `|---|${SIZES.flatMap(() => SCHEMES.map(() => '---')).join('|')}|`
]
for (const [name, caption] of SHOWN) {
  const cells: string[] = []
  for (const size of SIZES) {
    for (const scheme of SCHEMES) {
      const file = `${name}-${size}-${scheme}.png`
      const taken = await stat(join(from, file)).then(() => true, () => false)
      if (!taken && REQUIRED.has(size)) throw new Error(`${file} is missing from ${from}: run npm test first.`)
      if (!taken) {
        cells.push('—')
        continue
      }
      if (squeeze) execFileSync('pngquant', ['--force', '--quality=70-95', '--output', join(to, file), join(from, file)])
      else await copyFile(join(from, file), join(to, file))
      cells.push(`<a href="docs/screenshots/${file}"><img src="docs/screenshots/${file}" width="200" alt="${caption}, ${size.replace('x', '×')}, ${scheme}"></a>`)
    }
  }
  rows.push(`| ${caption} | ${cells.join(' | ')} |`)
}
console.log(rows.join('\n'))

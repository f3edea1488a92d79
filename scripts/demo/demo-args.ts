import { statSync } from 'node:fs'
import { resolve } from 'node:path'
import { parseArgs } from 'node:util'

/** What `npm run demo` was asked to do. */
export interface DemoOptions {
  /** Serve the app to a browser through the test host instead of launching Electron. */
  browser: boolean
  /** Items in each account's sample library (0 to 10,000); undefined keeps the emulator's sample of 36. */
  items: number | undefined
  /** Accounts the emulator makes and FlipDrop is signed in to (keys demo-key, demo-key-2, …); the first is current. */
  accounts: number
  /** Folders the sample items are spread over; undefined keeps each library's own five. */
  folders: number | undefined
  /** An existing folder, watched as a hot folder of the current account (absolute). */
  hotFolder: string | undefined
}

export const MAX_DEMO_ITEMS = 10_000
export const MAX_DEMO_ACCOUNTS = 9
export const MAX_DEMO_FOLDERS = 200

export const DEMO_USAGE = `Usage: npm run demo -- [--browser] [--items N] [--accounts N] [--folders N] [--hot-folder DIR]

Starts the local service emulator with a sample library and FlipDrop signed in to it, so you
can try FlipDrop without an account.

  --browser         serve FlipDrop on 127.0.0.1 for a browser, for machines where Electron
                    cannot start; prints one line "demo ready {…}" with the address, then runs
                    until Ctrl+C
  --items N         seed N sample items (0 to ${MAX_DEMO_ITEMS.toLocaleString('en-US')}) in each account instead of the default 36
  --accounts N      sign in to N accounts (1 to ${String(MAX_DEMO_ACCOUNTS)}, default 1), each with its own brand,
                    picture and sample library; their keys are demo-key, demo-key-2, …;
                    the first is current
  --folders N       spread the sample items over N folders (0 to ${String(MAX_DEMO_FOLDERS)}, default 5)
  --hot-folder DIR  watch DIR, an existing folder, as a hot folder of the current account
  --help            show this text`

type Parsed = { ok: true; options: DemoOptions } | { ok: false; message: string }

/** A whole number from `min` to `max`, or the message that says what is wrong with it. */
function wholeNumber(flag: string, value: string, min: number, max: number): number | string {
  const number = Number(value)
  if (!/^\d+$/.test(value) || number < min || number > max) return `${flag} must be a whole number from ${String(min)} to ${String(max)}, not "${value}".`
  return number
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** Parses the demo's flags; returns the options, or the message that explains what is wrong. */
export function parseDemoArgs(argv: readonly string[], cwd = process.cwd()): Parsed {
  let values: { browser?: boolean; items?: string; accounts?: string; folders?: string; 'hot-folder'?: string; help?: boolean }
  try {
    values = parseArgs({
      args: [...argv],
      options: {
        browser: { type: 'boolean' },
        items: { type: 'string' },
        accounts: { type: 'string' },
        folders: { type: 'string' },
        'hot-folder': { type: 'string' },
        help: { type: 'boolean' }
      },
      strict: true,
      allowPositionals: false
    }).values
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  if (values.help) return { ok: false, message: '' }
  const items = values.items === undefined ? undefined : wholeNumber('--items', values.items, 0, MAX_DEMO_ITEMS)
  const accounts = values.accounts === undefined ? 1 : wholeNumber('--accounts', values.accounts, 1, MAX_DEMO_ACCOUNTS)
  const folders = values.folders === undefined ? undefined : wholeNumber('--folders', values.folders, 0, MAX_DEMO_FOLDERS)
  if (typeof items === 'string') return { ok: false, message: items }
  if (typeof accounts === 'string') return { ok: false, message: accounts }
  if (typeof folders === 'string') return { ok: false, message: folders }
  let hotFolder: string | undefined
  if (values['hot-folder'] !== undefined) {
    hotFolder = resolve(cwd, values['hot-folder'])
    if (values['hot-folder'] === '' || !isDirectory(hotFolder)) return { ok: false, message: `--hot-folder must be an existing folder, not "${values['hot-folder']}".` }
  }
  return { ok: true, options: { browser: values.browser === true, items, accounts, folders, hotFolder } }
}

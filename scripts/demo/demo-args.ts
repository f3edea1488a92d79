import { parseArgs } from 'node:util'

/** What `npm run demo` was asked to do. */
export interface DemoOptions {
  /** Serve the app to a browser through the test host instead of launching Electron. */
  browser: boolean
  /** Items in the sample library (0 to 10,000); undefined keeps the emulator's sample of 36. */
  items: number | undefined
}

export const MAX_DEMO_ITEMS = 10_000

export const DEMO_USAGE = `Usage: npm run demo -- [--browser] [--items N]

Starts the local service emulator with a sample library and FlipDrop signed in to it, so you
can try FlipDrop without an account.

  --browser    serve FlipDrop on 127.0.0.1 for a browser, for machines where Electron
               cannot start; prints one line "demo ready {…}" with the address, then runs
               until Ctrl+C
  --items N    seed N sample items (0 to ${MAX_DEMO_ITEMS.toLocaleString('en-US')}) instead of the default 36
  --help       show this text`

/** Parses the demo's flags; returns the options, or the message that explains what is wrong. */
export function parseDemoArgs(argv: readonly string[]): { ok: true; options: DemoOptions } | { ok: false; message: string } {
  let values: { browser?: boolean; items?: string; help?: boolean }
  try {
    values = parseArgs({
      args: [...argv],
      options: { browser: { type: 'boolean' }, items: { type: 'string' }, help: { type: 'boolean' } },
      strict: true,
      allowPositionals: false
    }).values
  } catch (error) {
    return { ok: false, message: error instanceof Error ? error.message : String(error) }
  }
  if (values.help) return { ok: false, message: '' }
  let items: number | undefined
  if (values.items !== undefined) {
    items = Number(values.items)
    if (!/^\d+$/.test(values.items) || items > MAX_DEMO_ITEMS) {
      return { ok: false, message: `--items must be a whole number from 0 to ${MAX_DEMO_ITEMS}, not "${values.items}".` }
    }
  }
  return { ok: true, options: { browser: values.browser === true, items } }
}

import { parseArgs } from 'node:util'
import { emulatorOptionsSchema, type EmulatorOptionsInput } from './options'

/** A bad command line; the CLI prints the message and exits with code 2. */
export class CliUsageError extends Error {}

/** Usage text of `npm run emulator`. */
export const USAGE = `Usage: npm run emulator -- [options]

  --port <n>               port of the default (Flipbook) host, 0 = free port (default 0)
  --document-port <n>      port of the document host, 0 = free port (default 0)
  --host <address>         interface to bind (default 127.0.0.1)
  --key <key>              accepted API key; repeat for more accounts (default demo-key)
  --rate-limit <n>/<s>     requests per fixed window of s seconds per key (default 300/60)
  --max-file-mb <n>        plan's maximum upload size in MiB (default 100)
  --max-items <n>          item quota per DocType (default 100)
  --duplicate-max <n>      upper bound of duplicate's Count (default 20)
  --page-size-cap <n>      largest list page (default 100)
  --allow-source-host <h>  host create-by-url may fetch although private; repeatable
  --block-source-host <h>  host create-by-url always refuses; repeatable
  --source-timeout-s <n>   seconds a FileURL source has to respond (default 60)
  --data-dir <dir>         keep state and files in <dir> across restarts
  --seed                   start with a sample library of a few dozen items
  --seed-items <n>         start with a sample library of n items
  --utc-offset=<±hh:mm>    server time zone of date texts (default +05:30)
  --separate-host-ids      each host its own items and IDs (default: one ID space)
  --no-admin               disable the /__emulator/ admin endpoints
  --help                   show this text`

function int(flag: string, raw: string | undefined, min: number): number | undefined {
  if (raw === undefined) return undefined
  if (!/^\d+$/.test(raw) || Number(raw) < min) throw new CliUsageError(`--${flag} must be an integer >= ${String(min)}, got '${raw}'`)
  return Number(raw)
}

function positive(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const n = Number(raw)
  if (raw.trim() === '' || !Number.isFinite(n) || n <= 0) throw new CliUsageError(`--${flag} must be a positive number, got '${raw}'`)
  return n
}

function rateLimit(raw: string | undefined): { limit: number; windowSeconds: number } | undefined {
  if (raw === undefined) return undefined
  const m = /^(\d+)\/(\d+(?:\.\d+)?)$/.exec(raw.trim())
  if (!m || Number(m[1]) < 1 || Number(m[2]) <= 0) throw new CliUsageError(`--rate-limit must look like 300/60 (requests/seconds), got '${raw}'`)
  return { limit: Number(m[1]), windowSeconds: Number(m[2]) }
}

function utcOffset(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined
  const m = /^([+-])(\d{2}):(\d{2})$/.exec(raw.trim())
  if (!m) throw new CliUsageError(`--utc-offset must look like +05:30 or -07:00, got '${raw}'`)
  return (m[1] === '-' ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3]))
}

/**
 * Turns the command line into emulator options. Throws CliUsageError for unknown flags, missing
 * values and bad numbers; returns 'help' for --help.
 */
export function parseCliArgs(argv: readonly string[]): EmulatorOptionsInput | 'help' {
  let values
  try {
    ;({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        port: { type: 'string' },
        'document-port': { type: 'string' },
        host: { type: 'string' },
        key: { type: 'string', multiple: true },
        'rate-limit': { type: 'string' },
        'max-file-mb': { type: 'string' },
        'max-items': { type: 'string' },
        'duplicate-max': { type: 'string' },
        'page-size-cap': { type: 'string' },
        'allow-source-host': { type: 'string', multiple: true },
        'block-source-host': { type: 'string', multiple: true },
        'source-timeout-s': { type: 'string' },
        'data-dir': { type: 'string' },
        seed: { type: 'boolean' },
        'seed-items': { type: 'string' },
        'utc-offset': { type: 'string' },
        'separate-host-ids': { type: 'boolean' },
        'no-admin': { type: 'boolean' },
        help: { type: 'boolean' }
      }
    }))
  } catch (err) {
    throw new CliUsageError((err as Error).message)
  }
  if (values.help === true) return 'help'
  const port = int('port', values.port, 0)
  const documentPort = int('document-port', values['document-port'], 0)
  for (const [flag, p] of [['port', port], ['document-port', documentPort]] as const) {
    if (p !== undefined && p > 65535) throw new CliUsageError(`--${flag} must be at most 65535`)
  }
  if (port !== undefined && port !== 0 && port === documentPort) throw new CliUsageError('--port and --document-port must differ')
  const seedItems = int('seed-items', values['seed-items'], 0)
  const input: EmulatorOptionsInput = {
    host: values.host,
    port,
    documentPort,
    keys: values.key,
    rateLimit: rateLimit(values['rate-limit']),
    maxFileMb: positive('max-file-mb', values['max-file-mb']),
    maxItems: int('max-items', values['max-items'], 0),
    duplicateMax: int('duplicate-max', values['duplicate-max'], 1),
    listPageSizeCap: int('page-size-cap', values['page-size-cap'], 1),
    allowSourceHosts: values['allow-source-host'],
    blockedSourceHosts: values['block-source-host'],
    sourceTimeoutS: positive('source-timeout-s', values['source-timeout-s']),
    dataDir: values['data-dir'],
    seed: seedItems ?? (values.seed === true ? true : undefined),
    utcOffsetMinutes: utcOffset(values['utc-offset']),
    separateHostIds: values['separate-host-ids'] === true ? true : undefined,
    admin: values['no-admin'] === true ? false : undefined
  }
  const defined = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as EmulatorOptionsInput
  const checked = emulatorOptionsSchema.safeParse(defined)
  if (!checked.success) {
    const issue = checked.error.issues[0]
    throw new CliUsageError(`Invalid option ${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`)
  }
  return defined
}

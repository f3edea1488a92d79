import { readOnlyContractChecks } from './contract/read-only-checks'
import { summarize, type CheckOutcome } from './contract/summarize'

/**
 * Runs the read-only contract checks against the REAL service:
 *   FLIPDROP_LIVE_BASE_URL=https://… FLIPDROP_LIVE_API_KEY=… node --import tsx test/emulator/live-check.ts
 * Optional FLIPDROP_LIVE_DOCUMENT_URL adds the document-host checks. Without the two required
 * variables it prints one line saying why it did not run and exits 0. Exit code 1 only when a check
 * fails; not-applicable checks are reported as such, never as passed.
 */
async function main(): Promise<number> {
  const baseUrl = process.env['FLIPDROP_LIVE_BASE_URL']?.trim().replace(/\/+$/, '') ?? ''
  const apiKey = process.env['FLIPDROP_LIVE_API_KEY']?.trim() ?? ''
  const documentUrl = process.env['FLIPDROP_LIVE_DOCUMENT_URL']?.trim().replace(/\/+$/, '')
  if (baseUrl === '' || apiKey === '') {
    const missing = [baseUrl === '' ? 'FLIPDROP_LIVE_BASE_URL' : '', apiKey === '' ? 'FLIPDROP_LIVE_API_KEY' : ''].filter(Boolean)
    process.stdout.write(`live-check did not run: ${missing.join(' and ')} not set\n`)
    return 0
  }
  const checks = readOnlyContractChecks({ name: 'live', baseUrl, apiKey, documentUrl: documentUrl || undefined })
  const outcomes: CheckOutcome[] = []
  for (const check of checks) {
    try {
      const result = await check.run()
      outcomes.push(result.status)
      const note = result.note !== undefined ? ` (${result.note})` : ''
      process.stdout.write(`${result.status === 'passed' ? 'PASS' : 'N/A '} ${check.id}${note}\n`)
    } catch (err) {
      outcomes.push('failed')
      // The key is never printed; messages carry only status codes and bodies.
      const message = (err instanceof Error ? err.message : String(err)).split(apiKey).join('<key>')
      process.stdout.write(`FAIL ${check.id}: ${check.rule}\n     ${message.replace(/\n/g, '\n     ')}\n`)
    }
  }
  const summary = summarize(outcomes, baseUrl)
  process.stdout.write(`${summary.line}\n`)
  return summary.exitCode
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    process.stderr.write(`live-check: ${err instanceof Error ? err.message : String(err)}\n`)
    process.exit(1)
  }
)

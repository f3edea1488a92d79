/**
 * Runs one key store scenario against the real keychain and prints one JSON line.
 * Run as `node --import tsx keychain-scenario.ts <scenario>` in a prepared environment:
 * libsecret keeps one D-Bus connection per process, so each scenario needs its own process.
 * FLIPDROP_KEYCHAIN_TIMEOUT_MS sets the store's timeout.
 */
import { register } from 'node:module'
import { KeychainError } from '../../../../src-main/core/secrets/keychain-error'
import { createKeychainStore } from '../../../../src-main/core/secrets/keychain-store'
import { ACCOUNT_A, ACCOUNT_B, KEY_A, KEY_B, type ScenarioName, type ScenarioResult, type StepOutcome } from './scenario-protocol'

const scenario = process.argv[2] as ScenarioName
const timeoutMs = Number(process.env.FLIPDROP_KEYCHAIN_TIMEOUT_MS ?? 5000)
const store = createKeychainStore({ timeoutMs })
const steps: Record<string, StepOutcome> = {}

async function step(name: string, action: () => Promise<unknown>): Promise<void> {
  const started = performance.now()
  try {
    const value = await action()
    const shown = typeof value === 'string' || typeof value === 'boolean' ? value : null
    steps[name] = { ok: true, value: shown, ms: performance.now() - started }
  } catch (error) {
    const known = error instanceof KeychainError
    steps[name] = {
      ok: false,
      name: error instanceof Error ? error.name : typeof error,
      code: known ? error.code : null,
      message: error instanceof Error ? error.message : String(error),
      detail: known ? (error.detail ?? null) : null,
      ms: performance.now() - started
    }
  }
}

/** Makes `import('keytar')` fail as it does when the native module is missing or mis-built. */
function hideKeytar(): void {
  const hook = `export async function resolve(specifier, context, next) {
    if (specifier === 'keytar') {
      const error = new Error("Cannot find package 'keytar' imported from " + context.parentURL)
      error.code = 'ERR_MODULE_NOT_FOUND'
      throw error
    }
    return next(specifier, context)
  }`
  register(`data:text/javascript,${encodeURIComponent(hook)}`)
}

const scenarios: Record<ScenarioName, () => Promise<void>> = {
  async 'round-trip'() {
    await step('probe', () => store.probe())
    await step('getMissing', () => store.get(ACCOUNT_A))
    await step('setFirst', () => store.set(ACCOUNT_A, KEY_A))
    await step('getFirst', () => store.get(ACCOUNT_A))
    await step('setReplace', () => store.set(ACCOUNT_A, KEY_B))
    await step('getReplaced', () => store.get(ACCOUNT_A))
    await step('setOther', () => store.set(ACCOUNT_B, KEY_A))
    await step('getOther', () => store.get(ACCOUNT_B))
    await step('deleteFirst', () => store.delete(ACCOUNT_A))
    await step('deleteAgain', () => store.delete(ACCOUNT_A))
    await step('getDeleted', () => store.get(ACCOUNT_A))
    await step('getOtherAfterDelete', () => store.get(ACCOUNT_B))
    await step('deleteOther', () => store.delete(ACCOUNT_B))
    await step('setEmptyKey', () => store.set(ACCOUNT_A, ''))
    await step('getEmptyAccount', () => store.get(''))
  },
  async seed() {
    await step('set', () => store.set(ACCOUNT_A, KEY_A))
  },
  async locked() {
    await step('get', () => store.get(ACCOUNT_A))
    await step('set', () => store.set(ACCOUNT_A, KEY_B))
    await step('delete', () => store.delete(ACCOUNT_A))
    await step('probe', () => store.probe())
  },
  async 'read-seed'() {
    await step('get', () => store.get(ACCOUNT_A))
  },
  async 'no-service'() {
    await step('get', () => store.get(ACCOUNT_A))
    await step('set', () => store.set(ACCOUNT_A, KEY_A))
    await step('delete', () => store.delete(ACCOUNT_A))
    await step('probe', () => store.probe())
  },
  async hung() {
    await step('get', () => store.get(ACCOUNT_A))
    await step('getWhileStuck', () => store.get(ACCOUNT_A))
    await step('probe', () => store.probe())
  },
  async 'missing-module'() {
    hideKeytar()
    await step('get', () => store.get(ACCOUNT_A))
    await step('set', () => store.set(ACCOUNT_A, KEY_A))
    await step('probe', () => store.probe())
  }
}

const chosen = scenarios[scenario]
if (!chosen) throw new Error(`Unknown scenario: ${scenario}`)
await chosen()
const result: ScenarioResult = { scenario, steps }
process.stdout.write(`${JSON.stringify(result)}\n`)
// No process.exit(): a keytar call still stuck in the keychain must settle first, and a late
// rejection that nobody handles would then end this process with a non-zero code.

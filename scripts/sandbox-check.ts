/**
 * Before `npm start` / `npm run dev` on Linux: will Chromium's sandbox be able to start?
 *
 * Ubuntu 23.10+ (AppArmor) and some other distributions (`kernel.unprivileged_userns_clone`)
 * forbid unprivileged user namespaces. Chromium then needs its setuid helper,
 * `node_modules/electron/dist/chrome-sandbox`, owned by root with mode 4755; npm cannot
 * install it that way, so Electron aborts with "The SUID sandbox helper binary was found,
 * but is not configured correctly". We print the one-time fix instead. We never add
 * `--no-sandbox`: turning the sandbox off is the user's decision, not ours.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

/** What the decision reads; every field is what the system said, or null when unreadable. */
export interface SandboxFacts {
  platform: NodeJS.Platform
  /** `/proc/sys/kernel/apparmor_restrict_unprivileged_userns` (Ubuntu 23.10+). */
  apparmorRestrictsUserns: string | null
  /** `/proc/sys/kernel/unprivileged_userns_clone` (Debian's and older Ubuntu's switch). */
  usernsClone: string | null
  /** The helper's owner and mode; null when it is missing. */
  helper: { uid: number; mode: number } | null
  /** An AppArmor profile names the Electron binary (the other fix): namespaces are allowed for it. */
  profileNamesElectron: boolean
}

/** Why the sandbox cannot start; null when it can (or when we cannot tell, so we say nothing). */
export type SandboxProblem = null | { reason: 'apparmor' | 'userns-clone'; helperPath: string; electronPath: string }

const SETUID = 0o4000

/** True when the helper is what Chromium accepts: owned by root, setuid, mode 4755. */
export function helperConfigured(helper: SandboxFacts['helper']): boolean {
  return helper !== null && helper.uid === 0 && (helper.mode & 0o7777) === (SETUID | 0o755)
}

/** The decision, pure: user namespaces restricted, and neither fix in place. */
export function sandboxProblem(facts: SandboxFacts, paths: { helperPath: string; electronPath: string }): SandboxProblem {
  if (facts.platform !== 'linux') return null
  const reason = facts.apparmorRestrictsUserns?.trim() === '1' ? 'apparmor' : facts.usernsClone?.trim() === '0' ? 'userns-clone' : null
  if (reason === null || helperConfigured(facts.helper) || facts.profileNamesElectron) return null
  return { reason, ...paths }
}

/** The lines to print: what is wrong, the one-time fix, and the other way (a profile). */
export function sandboxFixMessage(problem: NonNullable<SandboxProblem>): string[] {
  const why =
    problem.reason === 'apparmor'
      ? 'This system restricts unprivileged user namespaces (AppArmor, as on Ubuntu 23.10 and later),'
      : 'This system turns off unprivileged user namespaces (kernel.unprivileged_userns_clone = 0),'
  return [
    `${why} so Electron's sandbox needs its helper to be owned by root and setuid, and it is not.`,
    'Electron would stop with "The SUID sandbox helper binary was found, but is not configured correctly".',
    'Fix it once (again after each reinstall of node_modules):',
    `  sudo chown root:root ${problem.helperPath} && sudo chmod 4755 ${problem.helperPath}`,
    `Or allow user namespaces for this Electron with an AppArmor profile (/etc/apparmor.d/) for ${problem.electronPath}.`,
    'FlipDrop keeps the sandbox on; it does not start with --no-sandbox.'
  ]
}

function readOrNull(path: string): string | null {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return null
  }
}

/** Whether any readable profile in `profileDir` names `electronPath`. */
function profileNames(profileDir: string, electronPath: string): boolean {
  let names: string[]
  try {
    names = readdirSync(profileDir)
  } catch {
    return false
  }
  return names.some((name) => readOrNull(join(profileDir, name))?.includes(electronPath) === true)
}

/** Reads the facts from the system; `root` lets tests point at fake /proc and /etc trees. */
export function readSandboxFacts(electronDir: string, options: { root?: string; platform?: NodeJS.Platform } = {}): SandboxFacts {
  const root = options.root ?? '/'
  const helperPath = join(electronDir, 'dist', 'chrome-sandbox')
  let helper: SandboxFacts['helper']
  try {
    const stat = statSync(helperPath)
    helper = { uid: stat.uid, mode: stat.mode }
  } catch {
    helper = null
  }
  return {
    platform: options.platform ?? process.platform,
    apparmorRestrictsUserns: readOrNull(join(root, 'proc/sys/kernel/apparmor_restrict_unprivileged_userns')),
    usernsClone: readOrNull(join(root, 'proc/sys/kernel/unprivileged_userns_clone')),
    helper,
    profileNamesElectron: profileNames(join(root, 'etc/apparmor.d'), join(electronDir, 'dist', 'electron'))
  }
}

/** Reads the system and returns the lines to print before launching (none when all is well). */
export function sandboxAdvice(electronDir: string, options: { root?: string; platform?: NodeJS.Platform } = {}): string[] {
  const facts = readSandboxFacts(electronDir, options)
  const problem = sandboxProblem(facts, {
    helperPath: join(electronDir, 'dist', 'chrome-sandbox'),
    electronPath: join(electronDir, 'dist', 'electron')
  })
  return problem ? sandboxFixMessage(problem) : []
}

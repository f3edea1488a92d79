import { chmod, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { helperConfigured, sandboxAdvice, sandboxProblem, type SandboxFacts } from '../../scripts/sandbox-check'

const PATHS = { helperPath: '/x/dist/chrome-sandbox', electronPath: '/x/dist/electron' }
const RESTRICTED: SandboxFacts = {
  platform: 'linux',
  apparmorRestrictsUserns: '1\n',
  usernsClone: null,
  helper: { uid: 1000, mode: 0o100755 },
  profileNamesElectron: false
}

describe('sandboxProblem', () => {
  it('names AppArmor when it restricts user namespaces and the helper is not setuid root', () => {
    expect(sandboxProblem(RESTRICTED, PATHS)).toEqual({ reason: 'apparmor', ...PATHS })
  })

  it('names the kernel switch when unprivileged_userns_clone is 0', () => {
    expect(sandboxProblem({ ...RESTRICTED, apparmorRestrictsUserns: null, usernsClone: '0\n' }, PATHS)?.reason).toBe('userns-clone')
  })

  it('says nothing when namespaces are allowed, on other systems, or when a fix is in place', () => {
    expect(sandboxProblem({ ...RESTRICTED, apparmorRestrictsUserns: '0\n' }, PATHS)).toBeNull()
    expect(sandboxProblem({ ...RESTRICTED, apparmorRestrictsUserns: null, usernsClone: '1' }, PATHS)).toBeNull()
    expect(sandboxProblem({ ...RESTRICTED, platform: 'darwin' }, PATHS)).toBeNull()
    expect(sandboxProblem({ ...RESTRICTED, helper: { uid: 0, mode: 0o104755 } }, PATHS)).toBeNull()
    expect(sandboxProblem({ ...RESTRICTED, profileNamesElectron: true }, PATHS)).toBeNull()
  })

  it('takes only root and 4755 as a configured helper', () => {
    expect(helperConfigured({ uid: 0, mode: 0o104755 })).toBe(true)
    expect(helperConfigured({ uid: 0, mode: 0o100755 })).toBe(false)
    expect(helperConfigured({ uid: 1000, mode: 0o104755 })).toBe(false)
    expect(helperConfigured({ uid: 0, mode: 0o104777 })).toBe(false)
    expect(helperConfigured(null)).toBe(false)
  })
})

describe('sandboxAdvice (fake /proc and /etc)', () => {
  let root: string
  let electronDir: string

  beforeEach(async () => {
    root = await mkdtemp(join(tmpdir(), 'flipdrop-sandbox-'))
    electronDir = join(root, 'electron')
    await mkdir(join(root, 'proc/sys/kernel'), { recursive: true })
    await mkdir(join(root, 'etc/apparmor.d'), { recursive: true })
    await mkdir(join(electronDir, 'dist'), { recursive: true })
    const helper = join(electronDir, 'dist', 'chrome-sandbox')
    await writeFile(helper, '')
    await chmod(helper, 0o755)
  })
  afterEach(async () => {
    await rm(root, { recursive: true, force: true })
  })

  it('prints the one-time chown/chmod fix for this helper on Ubuntu 23.10+', async () => {
    await writeFile(join(root, 'proc/sys/kernel/apparmor_restrict_unprivileged_userns'), '1\n')
    const lines = sandboxAdvice(electronDir, { root, platform: 'linux' })
    const helper = join(electronDir, 'dist', 'chrome-sandbox')
    expect(lines).toContain(`  sudo chown root:root ${helper} && sudo chmod 4755 ${helper}`)
    expect(lines.join('\n')).toContain('AppArmor profile')
    expect(lines.join('\n')).not.toMatch(/^--no-sandbox/m)
  })

  it('says nothing when an AppArmor profile names this Electron', async () => {
    await writeFile(join(root, 'proc/sys/kernel/apparmor_restrict_unprivileged_userns'), '1\n')
    await writeFile(join(root, 'etc/apparmor.d/electron-dev'), `profile electron ${join(electronDir, 'dist', 'electron')} flags=(unconfined) {\n  userns,\n}\n`)
    expect(sandboxAdvice(electronDir, { root, platform: 'linux' })).toEqual([])
  })

  it('says nothing where the files do not exist (older kernels, containers)', () => {
    expect(sandboxAdvice(electronDir, { root, platform: 'linux' })).toEqual([])
  })
})

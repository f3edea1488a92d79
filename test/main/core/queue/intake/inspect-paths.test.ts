import { createHash } from 'node:crypto'
import { execFileSync, spawnSync } from 'node:child_process'
import { existsSync, writeFileSync } from 'node:fs'
import { chmod, link, mkdir, mkdtemp, realpath, rm, stat, symlink, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inspectPaths, type Refusal } from '../../../../../src-main/core/queue/intake/inspect-paths'
import { makePdf } from '../../../../emulator/fixtures/make-pdf'

const INSPECT_MODULE = fileURLToPath(new URL('../../../../../src-main/core/queue/intake/inspect-paths.ts', import.meta.url))
const REPO_ROOT = fileURLToPath(new URL('../../../../../', import.meta.url))

let root: string
let pdf: Buffer

beforeAll(async () => {
  // Real path of the temp folder, so accepted paths (realpaths) can be compared directly.
  root = await realpath(await mkdtemp(join(tmpdir(), 'flipdrop-intake-')))
  // Traversable by others: one test reads it as an unprivileged user.
  await chmod(root, 0o755)
  pdf = await makePdf(1)
})

afterAll(async () => {
  await rm(root, { recursive: true, force: true })
})

const at = (...parts: string[]) => join(root, ...parts)

async function put(path: string, bytes: Buffer | string = pdf): Promise<string> {
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, bytes)
  return path
}

/**
 * inspectPaths, plus the rules that hold for every refusal: no full path in the reason, and
 * what the window says names a coreQueue sentence. The reasons are compared in English here;
 * what the window says is left out of them (its own test: 'says each refusal for the window').
 */
async function inspect(paths: readonly string[], options?: { maxFiles?: number }) {
  const result = await inspectPaths(paths, options)
  for (const refusal of result.refused) expect(refusal.reason).not.toContain(root)
  for (const refusal of result.refused) expect(refusal.said?.key).toMatch(/^coreQueue\.refusal\./)
  return { ...result, refused: result.refused.map(({ said: _said, ...english }) => english) }
}

const codes = (refused: readonly Refusal[]) => refused.map((r) => [r.fileName, r.code])

describe('inspectPaths: single files', () => {
  it('accepts a PDF and describes the real file', async () => {
    const path = await put(at('single', 'brochure.pdf'))
    const stats = await stat(path)
    expect(await inspect([path])).toEqual({
      // A small file is read whole while checked, so its hash comes along (one open per file).
      accepted: [
        { path, fileName: 'brochure.pdf', size: pdf.length, mtimeMs: stats.mtimeMs, sha256: createHash('sha256').update(pdf).digest('hex'), pages: 1 }
      ],
      refused: []
    })
  })

  it('refuses a text file named .pdf', async () => {
    const path = await put(at('single', 'notes.pdf'), 'Meeting notes, not a PDF at all.\n')
    expect(await inspect([path])).toEqual({
      accepted: [],
      refused: [
        {
          path,
          fileName: 'notes.pdf',
          code: 'not-pdf',
          reason: 'notes.pdf is not a PDF: it is plain text; export it from the app that made it as PDF.'
        }
      ]
    })
  })

  it('says each refusal for the window: its sentence by key, the file name as it is', async () => {
    const path = await put(at('single', 'minutes.txt'), 'Minutes, not a PDF.\n')
    const { refused } = await inspectPaths([path])
    expect(refused).toEqual([
      { path, fileName: 'minutes.txt', code: 'not-pdf', reason: 'minutes.txt is not a PDF.', said: { key: 'coreQueue.refusal.notPdf', values: { file: 'minutes.txt' } } }
    ])
  })

  it('refuses an empty file', async () => {
    const path = await put(at('single', 'empty.pdf'), '')
    expect((await inspect([path])).refused).toEqual([
      { path, fileName: 'empty.pdf', code: 'empty', reason: 'empty.pdf is empty (0 bytes).' }
    ])
  })

  it('refuses a PDF cut short that readers cannot open, saying its end is missing', async () => {
    const path = await put(at('single', 'draft.pdf'), pdf.subarray(0, pdf.length - 40))
    expect((await inspect([path])).refused).toEqual([
      {
        path,
        fileName: 'draft.pdf',
        code: 'damaged',
        reason:
          'draft.pdf is incomplete: its end is missing (a copy or download that did not finish, or a save still under way), and PDF readers cannot open it.'
      }
    ])
  })

  it('accepts a PDF with junk after its end marker (readers open it), with its pages', async () => {
    const path = await put(at('single', 'exported.pdf'), Buffer.concat([await makePdf(3), Buffer.alloc(4000, 0x41)]))
    expect((await inspect([path])).accepted).toMatchObject([{ path, fileName: 'exported.pdf', pages: 3 }])
  })

  it('refuses a file the parser could not finish within its budget, saying what to do', async () => {
    const path = await put(at('single', 'endless.pdf'), Buffer.concat([pdf, Buffer.alloc(3000, 0x41)]))
    const overBudget = await inspectPaths([path], { parse: async () => ({ kind: 'over-budget', limit: 'time' }) })
    expect(overBudget.refused).toEqual([
      {
        path,
        fileName: 'endless.pdf',
        code: 'unchecked',
        reason: 'endless.pdf could not be checked: reading it took too long or needed too much memory. Open it in a PDF reader, save a copy and add that copy.',
        said: { key: 'coreQueue.refusal.unchecked', values: { file: 'endless.pdf' } }
      }
    ])
    // A parser that broke down says the same, never its own error.
    const broken = await inspectPaths([path], { parse: () => Promise.reject(new Error('The PDF parser stopped unexpectedly.')) })
    expect(broken.refused.map((r) => [r.code, r.reason])).toEqual([['unchecked', overBudget.refused[0]?.reason]])
  })

  it('refuses a missing path', async () => {
    const path = at('single', 'report.pdf')
    expect((await inspect([path])).refused).toEqual([
      {
        path,
        fileName: 'report.pdf',
        code: 'not-found',
        reason: 'report.pdf could not be found; it may have been moved or deleted.'
      }
    ])
  })

  it('refuses a relative path', async () => {
    expect(await inspect(['Designs/brochure.pdf'])).toEqual({
      accepted: [],
      refused: [
        {
          path: 'Designs/brochure.pdf',
          fileName: 'brochure.pdf',
          code: 'not-absolute',
          reason: 'brochure.pdf was given without its full location, so it cannot be found.'
        }
      ]
    })
  })

  it('accepts a long Unicode name, and reports it whole', async () => {
    // A file name may be at most 255 bytes of UTF-8 on Linux (ext4, tmpfs), so 300 characters
    // cannot be one name here: the name fills the 255 bytes and the path passes 300 characters.
    let name = 'Präsentation – 设计稿 📘 '
    while (Buffer.byteLength(`${name}é.pdf`) <= 255) name += name.length % 7 === 0 ? 'é' : 'x'
    name += '.pdf'
    const folder = at('unicode', `Ordner für Entwürfe — ${'ü'.repeat(100)}`)
    const path = await put(join(folder, name))
    expect(path.length).toBeGreaterThan(300)
    const result = await inspect([path])
    expect(result.refused).toEqual([])
    expect(result.accepted).toMatchObject([{ path, fileName: name }])
  })

  it('refuses a device', async () => {
    expect(codes((await inspect(['/dev/null'])).refused)).toEqual([['null', 'not-a-file']])
  })
})

describe('inspectPaths: folders', () => {
  it('expands a folder in name order, refusing non-PDFs and skipping OS litter', async () => {
    const mixed = at('mixed', 'Mixed')
    await put(join(mixed, '.DS_Store'), 'Bud1 litter')
    await put(join(mixed, 'Thumbs.db'), 'litter')
    await put(join(mixed, 'desktop.ini'), '[.ShellClassInfo]')
    await put(join(mixed, 'notes.txt'), 'a text file')
    await put(join(mixed, 'page 10.pdf'))
    await put(join(mixed, 'page 2.pdf'))
    await put(join(mixed, 'Page 1.pdf'))
    await put(join(mixed, 'zeta.pdf'))
    await put(join(mixed, 'sub', 'b.pdf'))
    await put(join(mixed, 'sub', 'a.pdf'))
    await put(join(mixed, 'sub', 'readme.md'), '# readme')
    // A link to a folder elsewhere is followed, and sorts by the link's name.
    await put(at('mixed', 'elsewhere', 'x.pdf'))
    await symlink(at('mixed', 'elsewhere'), join(mixed, 'linked'))

    const result = await inspect([mixed])
    expect(result.accepted.map((f) => f.path)).toEqual([
      at('mixed', 'elsewhere', 'x.pdf'),
      join(mixed, 'Page 1.pdf'),
      join(mixed, 'page 2.pdf'),
      join(mixed, 'page 10.pdf'),
      join(mixed, 'sub', 'a.pdf'),
      join(mixed, 'sub', 'b.pdf'),
      join(mixed, 'zeta.pdf')
    ])
    expect(result.refused).toEqual([
      { path: join(mixed, 'notes.txt'), fileName: 'notes.txt', code: 'not-pdf', reason: 'notes.txt is not a PDF.' },
      { path: join(mixed, 'sub', 'readme.md'), fileName: 'readme.md', code: 'not-pdf', reason: 'readme.md is not a PDF.' }
    ])
  })

  it('keeps the order given, expanding folders in place', async () => {
    const first = await put(at('order', 'first.pdf'))
    const last = await put(at('order', 'last.pdf'))
    const inner = await put(at('order', 'folder', 'inner.pdf'))
    const result = await inspect([last, at('order', 'folder'), first])
    expect(result.accepted.map((f) => f.path)).toEqual([last, inner, first])
  })

  it('refuses a folder link back to its parent, and a link to itself', async () => {
    const loops = at('loops')
    await put(join(loops, 'Designs', 'a.pdf'))
    await symlink('..', join(loops, 'Designs', 'Parent'))
    await symlink('.', join(loops, 'Designs', 'Here'))
    await symlink('Self', join(loops, 'Self'))

    const result = await inspect([loops])
    expect(result.accepted.map((f) => f.path)).toEqual([join(loops, 'Designs', 'a.pdf')])
    expect(result.refused).toEqual([
      {
        path: join(loops, 'Designs', 'Here'),
        fileName: 'Here',
        code: 'link-loop',
        reason: 'Here leads back into a folder it is already in (a link loop).'
      },
      {
        path: join(loops, 'Designs', 'Parent'),
        fileName: 'Parent',
        code: 'link-loop',
        reason: 'Parent leads back into a folder it is already in (a link loop).'
      },
      {
        path: join(loops, 'Self'),
        fileName: 'Self',
        code: 'link-loop',
        reason: 'Self is a link that leads back into itself.'
      }
    ])
  })

  it('ends a walk that enters a loop from inside it', async () => {
    // Starting below the link's target: the loop shows where the walk comes round again.
    const result = await inspect([at('loops', 'Designs')])
    expect(result.accepted.map((f) => f.fileName)).toEqual(['a.pdf'])
    expect(codes(result.refused)).toEqual([
      ['Here', 'link-loop'],
      ['Designs', 'link-loop'],
      ['Self', 'link-loop']
    ])
  })

  it('refuses a link to itself given directly (ELOOP)', async () => {
    const path = at('self-link', 'Designs')
    await mkdir(dirname(path), { recursive: true })
    await symlink('Designs', path)
    expect((await inspect([path])).refused).toEqual([
      { path, fileName: 'Designs', code: 'link-loop', reason: 'Designs is a link that leads back into itself.' }
    ])
  })

  it('refuses a dangling link, directly and inside a folder', async () => {
    const path = at('dangling', 'gone.pdf')
    await mkdir(dirname(path), { recursive: true })
    await symlink(at('dangling', 'moved-away.pdf'), path)
    const expected = {
      path,
      fileName: 'gone.pdf',
      code: 'not-found',
      reason: 'gone.pdf is a link to something that no longer exists.'
    }
    expect((await inspect([path])).refused).toEqual([expected])
    expect((await inspect([at('dangling')])).refused).toEqual([expected])
    // A folder given with a trailing slash still names its entries cleanly.
    expect((await inspect([`${at('dangling')}/`])).refused).toEqual([expected])
  })

  it('refuses a named pipe without blocking on it', async () => {
    const path = at('fifo', 'pipe.pdf')
    await mkdir(dirname(path), { recursive: true })
    execFileSync('mkfifo', [path])
    const expected = {
      path,
      fileName: 'pipe.pdf',
      code: 'not-a-file',
      reason: 'pipe.pdf is a named pipe, not a regular file, so it cannot be uploaded.'
    }
    expect((await inspect([path])).refused).toEqual([expected])
    expect((await inspect([at('fifo')])).refused).toEqual([expected])
  })
})

describe('inspectPaths: permissions', () => {
  it('refuses a file that cannot be read', async () => {
    const path = await put(at('locked', 'secret.pdf'))
    await chmod(path, 0o000)
    const unreadable = {
      path,
      fileName: 'secret.pdf',
      code: 'unreadable',
      reason: 'secret.pdf cannot be read (permission denied).',
      said: { key: 'coreQueue.refusal.permission', values: { file: 'secret.pdf' } }
    }
    if (process.getuid?.() === 0) {
      // Root reads a mode-000 file anyway, so here the file is accepted...
      expect((await inspect([path])).accepted.map((f) => f.path)).toEqual([path])
      // ...and the refusal is shown by the same call made as an ordinary user (nobody).
      const script = `import { inspectPaths } from ${JSON.stringify(INSPECT_MODULE)}
        process.stdout.write(JSON.stringify(await inspectPaths(${JSON.stringify([path])})))`
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: REPO_ROOT,
        uid: 65534,
        gid: 65534,
        encoding: 'utf8'
      })
      expect(child.stderr).toBe('')
      expect(JSON.parse(child.stdout)).toEqual({ accepted: [], refused: [unreadable] })
    } else {
      expect((await inspectPaths([path])).refused).toEqual([unreadable])
    }
  })
})

describe('inspectPaths: duplicates and limits', () => {
  it('accepts the same file once, however it is reached', async () => {
    const path = await put(at('dup', 'a.pdf'))
    await symlink(path, at('dup', 'link.pdf'))
    await link(path, at('dup', 'hard.pdf'))
    const result = await inspect([path, path, at('dup', 'link.pdf'), at('dup'), at('dup', 'hard.pdf')])
    expect(result).toEqual({ accepted: [expect.objectContaining({ path, fileName: 'a.pdf' })], refused: [] })
  })

  it('refuses each file beyond maxFiles', async () => {
    const folder = at('limit')
    for (let i = 1; i <= 5; i++) await put(join(folder, `p${i.toString()}.pdf`))
    const result = await inspect([folder], { maxFiles: 3 })
    expect(result.accepted.map((f) => f.fileName)).toEqual(['p1.pdf', 'p2.pdf', 'p3.pdf'])
    expect(result.refused).toEqual([
      {
        path: join(folder, 'p4.pdf'),
        fileName: 'p4.pdf',
        code: 'too-many',
        reason: 'p4.pdf was left out: only the first 3 files can be added at once.'
      },
      expect.objectContaining({ fileName: 'p5.pdf', code: 'too-many' })
    ])
  })

  it('lists a big folder in natural name order, every file once (its speed is in npm run bench)', async () => {
    const base = existsSync('/dev/shm') ? '/dev/shm' : root
    const folder = await mkdtemp(join(base, 'flipdrop-many-'))
    try {
      const names = Array.from({ length: 1_000 }, (_, i) => `page ${(i + 1).toString()}.pdf`)
      for (const name of [...names].reverse()) writeFileSync(join(folder, name), pdf)
      const result = await inspectPaths([folder])
      expect(result.refused).toEqual([])
      expect(result.accepted.map((f) => f.fileName)).toEqual(names)
      // The same check through the worker thread's blocking probe gives the same answer.
      const { probePdfSync } = await import('../../../../../src-main/core/queue/intake/pdf-bytes')
      const blocking = await inspectPaths([folder], { probe: async (path) => probePdfSync(path) })
      expect(blocking).toEqual(result)
    } finally {
      await rm(folder, { recursive: true, force: true })
    }
  })
})

import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises'
import { join } from 'node:path'
import { hashFile } from '../queue/intake/hash-file'

/** Where kept copies of published versions live, in the data folder. */
export function copiesDir(dataDir: string): string {
  return join(dataDir, 'link-copies')
}

export function copyPath(dataDir: string, sha256: string): string {
  return join(copiesDir(dataDir), `${sha256}.pdf`)
}

/**
 * Keeps a copy of `source` as the version `sha256`, only if the bytes copied are exactly that
 * version (the file may have been saved again since it was published). True when kept.
 */
export async function keepCopy(dataDir: string, source: string, sha256: string): Promise<boolean> {
  await mkdir(copiesDir(dataDir), { recursive: true, mode: 0o700 })
  const target = copyPath(dataDir, sha256)
  const temp = `${target}.${process.pid}.partial`
  try {
    await copyFile(source, temp)
    if ((await hashFile(temp)).sha256 !== sha256) return false
    await rename(temp, target)
    return true
  } catch {
    return false
  } finally {
    await rm(temp, { force: true })
  }
}

/** Deletes copies no version refers to any more. */
export async function pruneCopies(dataDir: string, keep: ReadonlySet<string>): Promise<void> {
  let names: string[]
  try {
    names = await readdir(copiesDir(dataDir))
  } catch {
    return
  }
  await Promise.all(
    names.filter((name) => !keep.has(name.replace(/\.pdf$/, ''))).map((name) => rm(join(copiesDir(dataDir), name), { force: true }))
  )
}

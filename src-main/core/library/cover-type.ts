import type { CoverType } from '../../../src-shared/domain/library'

/**
 * An image's type by its first bytes. A cover is shown from a `blob:` of this type, so the
 * type is never taken from a server's header or a file name: anything else is no cover.
 */
export function coverTypeOf(bytes: Uint8Array): CoverType | null {
  const at = (index: number): number => bytes[index] ?? -1
  const ascii = (from: number, text: string): boolean => [...text].every((char, index) => at(from + index) === char.charCodeAt(0))
  if (at(0) === 0x89 && ascii(1, 'PNG')) return 'image/png'
  if (at(0) === 0xff && at(1) === 0xd8 && at(2) === 0xff) return 'image/jpeg'
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif'
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp'
  return null
}

/**
 * The bytes in an array of their own. A Buffer may be a view into Node's shared pool; sent
 * over IPC as it is, the whole pool (other data) would be copied to the window with it.
 */
export function ownBytes(bytes: Uint8Array): Uint8Array {
  return new Uint8Array(bytes)
}

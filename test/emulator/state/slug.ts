import { randomBytes } from 'node:crypto'

/** A CustomURL slug from a name: lower-case words joined by '-', plus a short random tail. */
export function makeSlug(name: string, taken: (slug: string) => boolean): string {
  const base =
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 48) || 'item'
  for (;;) {
    const slug = `${base}-${randomBytes(4).readUInt32BE(0).toString(36).slice(0, 5)}`
    if (!taken(slug)) return slug
  }
}

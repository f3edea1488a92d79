import type { RunningEmulator, StoredItem } from '../emulator'

/**
 * Adds to the emulator a twin of `like` (same owner, host and PDF) whose slug the user chose,
 * as the service allows: any CustomURL, all digits included. The emulator's own routes only
 * make slugs from a name plus a random tail, so a test that needs "2024" as a slug makes it here.
 */
export function addItemWithSlug(emulator: RunningEmulator, like: StoredItem, fields: { name: string; slug: string }): StoredItem {
  const { id: _id, slug: _slug, ...draft } = like
  const item = emulator.state.addItem(
    { ...draft, settings: { ...like.settings }, name: fields.name, title: fields.name, slug: fields.slug },
    emulator.state.hostOf(like)
  )
  // The store quietly picks another slug when one is taken; a test built on this one must not go on.
  if (item.slug !== fields.slug) throw new Error(`The slug "${fields.slug}" is already taken in the emulator.`)
  return item
}

/*
 * Ctrl+Shift+1…9 (⇧⌘1…9 on a Mac) make the first to ninth account of the account menu the
 * current one. Shift+digit types nothing in a field, so the keys work while typing too; never
 * while a modal dialog is open, whose question must be answered first.
 */

/** The menu place (1–9) an event asks for, or null when it is not one of these keys. */
export function accountShortcutPlace(event: Pick<KeyboardEvent, 'code' | 'shiftKey' | 'altKey' | 'ctrlKey' | 'metaKey'>, mac: boolean): number | null {
  if (!event.shiftKey || event.altKey) return null
  const command = mac ? event.metaKey && !event.ctrlKey : event.ctrlKey && !event.metaKey
  if (!command) return null
  // The code, not the key: Shift turns "1" into "!" (or another sign on other layouts).
  const digit = /^(?:Digit|Numpad)([1-9])$/.exec(event.code)?.[1]
  return digit === undefined ? null : Number(digit)
}

/** The keys as aria-keyshortcuts writes them. */
export function ariaShortcut(place: number, mac: boolean): string {
  return `${mac ? 'Meta' : 'Control'}+Shift+${String(place)}`
}

/** A modal dialog is open (BaseDialog's <dialog>, shown with showModal). */
export function modalDialogOpen(doc: Document = document): boolean {
  return doc.querySelector('dialog[open]') !== null
}

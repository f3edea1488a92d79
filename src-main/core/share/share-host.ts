/** What sharing needs of the host that only it can do (Electron's clipboard, drag and dialogs in main; the test host records them). */
export interface ShareHost {
  /** Puts rich text on the clipboard: HTML, with plain text beside it for places that take only text. */
  copyRich(text: string, html: string): void
  /** Puts an image (PNG bytes) on the clipboard. */
  copyImage(png: Uint8Array): void
  /** Starts dragging a file out of the window (the drag that is under way), shown as `iconPng`. */
  startDrag(file: string, iconPng: Uint8Array): void
  /** The OS folder dialog for "Save QR codes…"; null when cancelled. */
  chooseFolder(): Promise<string | null>
}

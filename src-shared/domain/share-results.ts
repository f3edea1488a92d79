/** A QR code as the Share sheet shows it, and what can be said of it in print. */
export interface QrPreview {
  /** Modules per side, without the quiet zone. */
  modules: number
  /** SVG path data of the dark modules, in module units, the quiet zone included (the view box is `modules + 8` square). */
  path: string
  /** The printed side of the code with its quiet zone, in millimetres. */
  sizeMm: number
  /** One module's printed side, in millimetres. */
  moduleMm: number
  /** The farthest a phone reads it from, in centimetres (a code is at least a tenth of the distance). */
  scanDistanceCm: number
  /** A PNG's side in pixels at the chosen DPI, and whether that DPI is enough for print. */
  png: { pixels: number; dpiOk: boolean }
  /** Contrast between the colours (WCAG ratio), whether phones can read it, and whether it is a light code on a dark ground. */
  contrast: { ratio: number; readable: boolean; inverted: boolean }
}

/** Files Share wrote: their full paths, and the folder they went into. */
export interface SavedFiles {
  paths: string[]
  folder: string
}

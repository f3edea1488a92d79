/** The four read-only reference lists (§2.1, §4.1). */
export interface Template {
  /** -1 is the blank template. */
  id: number
  name: string
}

export interface Skin {
  id: number
  name: string
  imageUrl: string
  thumbUrl: string
}

export interface Currency {
  name: string
}

export interface BackgroundMusic {
  name: string
  /** '' for the "None" entry. */
  fileUrl: string
}

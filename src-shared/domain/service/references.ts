/** The four read-only reference lists (§2.1, §4.1); null marks a value the service did not send. */
export interface Template {
  /** -1 is the blank template. */
  id: number | null
  name: string | null
}

export interface Skin {
  id: number | null
  name: string | null
  imageUrl: string | null
  thumbUrl: string | null
}

export interface Currency {
  name: string | null
}

export interface BackgroundMusic {
  name: string | null
  /** '' for the "None" entry. */
  fileUrl: string | null
}

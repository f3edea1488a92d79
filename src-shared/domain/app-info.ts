/** What the app tells about itself (shown in the header and in bug reports). */
export interface AppInfo {
  name: string
  version: string
  platform: string
  /** The operating system's preferred languages, most preferred first; absent where the host cannot tell (the window then asks its browser). */
  preferredLanguages?: string[]
  versions: {
    electron: string
    chrome: string
    node: string
  }
}

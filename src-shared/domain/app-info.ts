/** What the app tells about itself (shown in the header and in bug reports). */
export interface AppInfo {
  name: string
  version: string
  platform: string
  versions: {
    electron: string
    chrome: string
    node: string
  }
}

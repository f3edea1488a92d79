/** Facebook's Sharing Debugger, asked to read a link again (it refreshes the preview Facebook keeps). */
export function facebookDebuggerUrl(url: string): string {
  return `https://developers.facebook.com/tools/debug/?q=${encodeURIComponent(url)}`
}

/** LinkedIn's Post Inspector for a link (inspecting it refreshes LinkedIn's preview). */
export function linkedInInspectorUrl(url: string): string {
  return `https://www.linkedin.com/post-inspector/inspect/${encodeURIComponent(url)}`
}

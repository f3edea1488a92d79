/*
 * A name or title as the service and the window get it: a file's name may hold control
 * characters (a tab, a line break, a terminal escape) that no one meant as part of the title.
 */

// Line breaks and tabs (C0, NEL, the Unicode line and paragraph separators) read as a space.
const BREAKS = /[\t\n\v\f\r\u0085\u2028\u2029]+/gu
// Every other C0 or C1 control, and DEL: nothing a reader could see.
// eslint-disable-next-line no-control-regex -- finding control characters is this function's job
const CONTROLS = /[\u0000-\u001f\u007f-\u009f]/gu

/** The designer's name with each run of tabs or line breaks as one space and other controls dropped, trimmed. */
export function readableName(text: string): string {
  return text.replace(BREAKS, ' ').replace(CONTROLS, '').trim()
}

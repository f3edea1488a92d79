/**
 * Below this width the sidebar keeps only its icons (styles/shell.css has the same query): at the
 * window's minimum of 720 px a 232 px sidebar would leave the library toolbar 440 px.
 */
export const NARROW_WINDOW = '(max-width: 899px)'

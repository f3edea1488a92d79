import type { LinkFormat, QrEcc, QrFileType } from '../../../src-shared/domain/share'
import { countOf, NOUNS } from '../words/plural'

/*
 * Every word the Share sheet shows, in one place for the next copy pass. Outcomes, not
 * internals: no IDs, no API field names.
 */

/** A title kept in its own direction inside a sentence (first-strong isolate … pop): a Hebrew title does not turn the quotes round. */
const isolated = (text: string) => `\u2068${text}\u2069`

export const sheet = {
  titleOne: (label: string) => `Share “${isolated(label)}”`,
  titleMany: (count: number) => `Share ${countOf(count, NOUNS.item)}`,
  loading: 'Getting the links…',
  done: 'Done',
  sections: 'What to share',
  itemsHeading: 'Items',
  perItemOnly: 'Embed code, social cards and email snippets are made for one item at a time: open Share from that item.'
}

export const TAB_NAMES = { link: 'Link', embed: 'Embed', qr: 'QR code', social: 'Social card', email: 'Email' } as const
export type ShareTab = keyof typeof TAB_NAMES

export const linkTab = {
  format: 'Format',
  formats: { url: 'Link', markdown: 'Markdown', html: 'HTML', rich: 'Rich text' } satisfies Record<LinkFormat, string>,
  richHint: 'Pastes as a link named by the title in mail and chat apps, and as the bare link elsewhere.',
  preview: 'What will be copied',
  copy: 'Copy link',
  copyAll: 'Copy all links',
  copied: 'Copied',
  copiedOne: 'Link copied.',
  copiedAll: (count: number) => `${countOf(count, NOUNS.link)} copied.`,
  saveCsv: 'Save CSV…',
  csvHint: 'A spreadsheet with each item’s name, title, link, embed code and QR file name.',
  csvSaved: (count: number) => `Saved a CSV of ${countOf(count, NOUNS.item)}.`
}

export const embedTab = {
  size: 'Size',
  presets: {
    '16:9': 'Responsive 16:9',
    '4:3': 'Responsive 4:3',
    a4: 'A4 portrait',
    'full-width': 'Full width',
    '560': '560 px',
    '800': '800 px',
    '1000': '1000 px',
    custom: 'Custom'
  },
  width: 'Width (px)',
  height: 'Height (px)',
  sizeRange: (min: number, max: number) => `Between ${String(min)} and ${String(max)} pixels.`,
  responsiveHint: 'Fills the width of the page it is placed in, keeping its shape.',
  fullWidthHint: (height: number) => `Fills the page’s width, ${String(height)} px tall.`,
  fixedHint: (width: number, height: number) => `${String(width)} × ${String(height)} px; narrower on small screens.`,
  preview: 'Preview',
  previewFrame: (label: string) => `Preview of “${label}” embedded`,
  shownAt: (percent: number) => `Shown at ${String(percent)} %`,
  code: 'Embed code',
  copy: 'Copy code',
  copied: 'Copied',
  copiedCode: 'Embed code copied.',
  noEmbed: 'This item can’t be embedded: the service gave it no embed link.'
}

export const qrTab = {
  preview: (label: string) => `QR code for “${label}”`,
  dragHint: 'Drag the code into another app to drop it in as a file.',
  firstOfMany: (label: string) => `Shown: the code of “${isolated(label)}”; each item gets its own.`,
  size: 'Printed size',
  sizePreset: (mm: number) => `${String(mm)} mm`,
  custom: 'Custom',
  customSize: 'Size',
  unit: 'Unit',
  units: { mm: 'mm', in: 'in' },
  sizeRange: 'Between 10 mm and 2 m (0.4 to 78 inches).',
  readsFrom: (cm: number) => `Reads from up to ${cm >= 100 ? `${(cm / 100).toFixed(1)} m` : `${String(Math.round(cm))} cm`}`,
  moduleSize: (mm: number) => `Each square ${mm.toFixed(2)} mm`,
  format: 'File type',
  formats: { svg: 'SVG', pdf: 'PDF', png: 'PNG' } satisfies Record<QrFileType, string>,
  formatHints: { svg: 'Vector: sharp at any size.', pdf: 'Vector, on a page the size of the code.', png: 'An image at a set resolution.' } satisfies Record<QrFileType, string>,
  dpi: 'Resolution',
  dpiOption: (dpi: number) => `${String(dpi)} dpi`,
  dpiOk: (dpi: number, pixels: number) => `${String(dpi)} dpi: ${String(pixels)} × ${String(pixels)} px — print-ready`,
  dpiLow: (dpi: number, min: number) => `${String(dpi)} dpi is too coarse to print sharply: choose at least ${String(min)} dpi.`,
  ecc: 'Damage tolerance',
  eccLevels: {
    L: 'Low — survives 7 % damage',
    M: 'Medium — survives 15 % damage',
    Q: 'Quartile — survives 25 % damage',
    H: 'High — survives 30 % damage'
  } satisfies Record<QrEcc, string>,
  colours: 'Colours',
  dark: 'Code',
  light: 'Background',
  contrastLow: (ratio: number) => `Phones can’t read this code: its colours are too alike (${ratio.toFixed(1)}:1). Make the code darker or the background lighter.`,
  inverted: 'A light code on a dark background: some phone cameras and older scanner apps can’t read it. Test it before printing.',
  save: 'Save…',
  saveMany: 'Save QR codes…',
  copy: 'Copy image',
  copied: 'Copied',
  copiedImage: 'QR code copied as an image.',
  saved: (count: number, folder: string) => (count === 1 ? `Saved the QR code in ${folder}.` : `Saved ${countOf(count, NOUNS.file)} in ${folder}.`),
  manyHint: (count: number) => `One file for each of the ${String(count)} items, named after it, into a folder you choose.`,
  drawing: 'Drawing the code…'
}

export const socialTab = {
  preview: (label: string) => `Social card for “${label}”`,
  hint: 'A 1200 × 630 picture of the cover and title, for posts where the link’s own preview is missing or out of date.',
  save: 'Save card…',
  saved: (folder: string) => `Saved the card in ${folder}.`,
  refresh: 'Refresh a stale preview',
  refreshHint: 'After changing a flipbook, ask the sites to read the link again:',
  facebook: 'Facebook Sharing Debugger',
  linkedin: 'LinkedIn Post Inspector',
  drawing: 'Drawing the card…'
}

export const emailTab = {
  preview: 'How it looks in an email',
  hint: 'Pastes into Outlook, Apple Mail and Gmail as a linked cover, title and link.',
  copy: 'Copy for email',
  copied: 'Copied',
  copiedSnippet: 'Email snippet copied.'
}

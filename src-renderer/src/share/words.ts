import type { LinkFormat, QrEcc, QrFileType, ShareItem } from '../../../src-shared/domain/share'
import { groupedCount } from '../format/count'
import { t } from '../i18n/i18n'
import { decimal, measure } from './numbers'

/*
 * Every word the Share sheet shows: catalog area `share`. Outcomes, not internals: no IDs, no
 * API field names. Getters, so a language change re-renders.
 */

/** A title kept in its own direction inside a sentence (first-strong isolate … pop): a Hebrew title does not turn the quotes round. */
const isolated = (text: string) => `\u2068${text}\u2069`

export const sheet = {
  titleOne: (label: string) => t('share.sheet.titleOne', { label: isolated(label) }),
  titleMany: (count: number) => t('share.sheet.titleMany', { count: groupedCount(count) }, count),
  get loading() { return t('share.sheet.loading') },
  get done() { return t('share.sheet.done') },
  get sections() { return t('share.sheet.sections') },
  get itemsHeading() { return t('share.sheet.itemsHeading') },
  get perItemOnly() { return t('share.sheet.perItemOnly') }
}

export const TAB_NAMES = {
  get link() { return t('share.tabs.link') },
  get embed() { return t('share.tabs.embed') },
  get qr() { return t('share.tabs.qr') },
  get social() { return t('share.tabs.social') },
  get email() { return t('share.tabs.email') }
}
export type ShareTab = keyof typeof TAB_NAMES

export const linkTab = {
  get format() { return t('share.link.format') },
  /** Markdown and HTML are the formats' own names, the same in every language. */
  formats: {
    get url() { return t('share.link.formatUrl') },
    markdown: 'Markdown',
    html: 'HTML',
    get rich() { return t('share.link.formatRich') }
  } satisfies Record<LinkFormat, string>,
  get richHint() { return t('share.link.richHint') },
  get preview() { return t('share.link.preview') },
  get copy() { return t('share.link.copy') },
  get copyAll() { return t('share.link.copyAll') },
  get copied() { return t('share.link.copied') },
  get copiedOne() { return t('share.link.copiedOne') },
  copiedAll: (count: number) => t('share.link.copiedAll', { count: groupedCount(count) }, count),
  get saveCsv() { return t('share.link.saveCsv') },
  get csvHint() { return t('share.link.csvHint') },
  csvSaved: (count: number) => t('share.link.csvSaved', { count: groupedCount(count) }, count)
}

export const embedTab = {
  get size() { return t('share.embed.size') },
  presets: {
    get '16:9'() { return t('share.embed.responsive', { shape: '16:9' }) },
    get '4:3'() { return t('share.embed.responsive', { shape: '4:3' }) },
    get a4() { return t('share.embed.a4') },
    get 'full-width'() { return t('share.embed.fullWidth') },
    get '560'() { return t('share.embed.pixels', { pixels: measure(560) }) },
    get '800'() { return t('share.embed.pixels', { pixels: measure(800) }) },
    get '1000'() { return t('share.embed.pixels', { pixels: measure(1000) }) },
    get custom() { return t('share.embed.custom') }
  },
  get width() { return t('share.embed.width') },
  get height() { return t('share.embed.height') },
  sizeRange: (min: number, max: number) => t('share.embed.sizeRange', { min: measure(min), max: measure(max) }),
  get responsiveHint() { return t('share.embed.responsiveHint') },
  fullWidthHint: (height: number) => t('share.embed.fullWidthHint', { height: measure(height) }),
  fixedHint: (width: number, height: number) => t('share.embed.fixedHint', { width: measure(width), height: measure(height) }),
  get preview() { return t('share.embed.preview') },
  previewFrame: (label: string) => t('share.embed.previewFrame', { label }),
  shownAt: (percent: number) => t('share.embed.shownAt', { percent: measure(percent) }),
  get code() { return t('share.embed.code') },
  get copy() { return t('share.embed.copy') },
  get copied() { return t('share.embed.copied') },
  get copiedCode() { return t('share.embed.copiedCode') },
  get noEmbed() { return t('share.embed.noEmbed') }
}

export const qrTab = {
  preview: (label: string) => t('share.qr.preview', { label }),
  get dragHint() { return t('share.qr.dragHint') },
  firstOfMany: (label: string) => t('share.qr.firstOfMany', { label: isolated(label) }),
  get size() { return t('share.qr.size') },
  sizePreset: (mm: number) => t('share.qr.millimetres', { mm: measure(mm) }),
  get custom() { return t('share.qr.custom') },
  get customSize() { return t('share.qr.customSize') },
  get unit() { return t('share.qr.unit') },
  units: {
    get mm() { return t('share.qr.unitMm') },
    get in() { return t('share.qr.unitIn') }
  },
  get sizeRange() { return t('share.qr.sizeRange') },
  readsFrom: (cm: number) =>
    cm >= 100 ? t('share.qr.readsFromMetres', { metres: decimal(cm / 100, 1) }) : t('share.qr.readsFromCentimetres', { cm: measure(Math.round(cm)) }),
  moduleSize: (mm: number) => t('share.qr.moduleSize', { mm: decimal(mm, 2) }),
  get format() { return t('share.qr.format') },
  /** The file types' own names, the same in every language. */
  formats: { svg: 'SVG', pdf: 'PDF', png: 'PNG' } satisfies Record<QrFileType, string>,
  formatHints: {
    get svg() { return t('share.qr.hintSvg') },
    get pdf() { return t('share.qr.hintPdf') },
    get png() { return t('share.qr.hintPng') }
  } satisfies Record<QrFileType, string>,
  get dpi() { return t('share.qr.dpi') },
  dpiOption: (dpi: number) => t('share.qr.dpiOption', { dpi: measure(dpi) }),
  dpiOk: (dpi: number, pixels: number) => t('share.qr.dpiOk', { dpi: measure(dpi), pixels: measure(pixels) }),
  dpiLow: (dpi: number, min: number) => t('share.qr.dpiLow', { dpi: measure(dpi), min: measure(min) }),
  get ecc() { return t('share.qr.ecc') },
  eccLevels: {
    get L() { return t('share.qr.eccL') },
    get M() { return t('share.qr.eccM') },
    get Q() { return t('share.qr.eccQ') },
    get H() { return t('share.qr.eccH') }
  } satisfies Record<QrEcc, string>,
  get colours() { return t('share.qr.colours') },
  get dark() { return t('share.qr.dark') },
  get light() { return t('share.qr.light') },
  contrastLow: (ratio: number) => t('share.qr.contrastLow', { ratio: decimal(ratio, 1) }),
  get inverted() { return t('share.qr.inverted') },
  get save() { return t('share.qr.save') },
  get saveMany() { return t('share.qr.saveMany') },
  get copy() { return t('share.qr.copy') },
  get copied() { return t('share.qr.copied') },
  get copiedImage() { return t('share.qr.copiedImage') },
  saved: (count: number, folder: string) =>
    count === 1 ? t('share.qr.savedOne', { folder }) : t('share.qr.savedMany', { count: groupedCount(count), folder }, count),
  manyHint: (count: number) => t('share.qr.manyHint', { count: groupedCount(count) }, count),
  get drawing() { return t('share.qr.drawing') }
}

export const socialTab = {
  preview: (label: string) => t('share.social.preview', { label }),
  get hint() { return t('share.social.hint') },
  get save() { return t('share.social.save') },
  saved: (folder: string) => t('share.social.saved', { folder }),
  get refresh() { return t('share.social.refresh') },
  get refreshHint() { return t('share.social.refreshHint') },
  get facebook() { return t('share.social.facebook') },
  get linkedin() { return t('share.social.linkedin') },
  get drawing() { return t('share.social.drawing') }
}

export const emailTab = {
  get preview() { return t('share.email.preview') },
  get hint() { return t('share.email.hint') },
  get copy() { return t('share.email.copy') },
  get copied() { return t('share.email.copied') },
  get copiedSnippet() { return t('share.email.copiedSnippet') },
  /**
   * The snippet's own words go to the designer's readers, in the designer's language: they
   * write the email around it in that language. The title and link stay as the service has them.
   */
  snippet: (docType: ShareItem['docType']) => {
    const read = docType === 'Document' ? t('share.email.readDocument') : t('share.email.readFlipbook')
    return { read, readAt: (url: string) => t('share.email.readAt', { read, url }) }
  }
}

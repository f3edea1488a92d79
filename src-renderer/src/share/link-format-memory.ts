import { LINK_FORMATS, type LinkFormat } from '../../../src-shared/domain/share'

/** Where the chosen link format is kept: this window's own origin, so it outlives a restart. */
export const LINK_FORMAT_KEY = 'flipdrop.share.linkFormat'

/** The link format chosen last time, or the plain link when none (or something unknown) is kept. */
export function rememberedLinkFormat(storage: Pick<Storage, 'getItem'> = localStorage): LinkFormat {
  const kept = storage.getItem(LINK_FORMAT_KEY)
  return LINK_FORMATS.find((format) => format === kept) ?? 'url'
}

/** Keeps the chosen link format for the next time the sheet opens. */
export function rememberLinkFormat(format: LinkFormat, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(LINK_FORMAT_KEY, format)
}

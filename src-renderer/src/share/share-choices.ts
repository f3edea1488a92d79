import { inject, reactive, type InjectionKey } from 'vue'
import { DEFAULT_QR_OPTIONS, type EmbedPreset, type LinkFormat, type QrFileType, type QrOptions } from '../../../src-shared/domain/share'
import { rememberedLinkFormat } from './link-format-memory'

/** What the user chose in the open sheet: shared by its tabs (the CSV uses the link format, embed size and QR type). */
export interface ShareChoices {
  linkFormat: LinkFormat
  embedPreset: EmbedPreset
  customEmbed: { width: number; height: number }
  qrType: QrFileType
  qr: QrOptions
}

const CHOICES: InjectionKey<ShareChoices> = Symbol('share choices')

/** A fresh set of choices for a sheet that opens: the remembered link format, the defaults for the rest. */
export function newShareChoices(): ShareChoices {
  return reactive({
    linkFormat: rememberedLinkFormat(),
    embedPreset: '16:9',
    customEmbed: { width: 800, height: 600 },
    qrType: 'svg',
    qr: { ...DEFAULT_QR_OPTIONS }
  })
}

export const SHARE_CHOICES = CHOICES

/** The open sheet's choices, from inside one of its tabs. */
export function useShareChoices(): ShareChoices {
  const choices = inject(CHOICES)
  if (choices === undefined) throw new Error('A Share tab is used outside the Share sheet.')
  return choices
}

import { z } from 'zod'
import type { BackgroundMusic, Currency, Skin, Template } from '../../../../src-shared/domain/service/references'
import { numberField, textField } from './fields'

const items = <T extends z.ZodType>(row: T) => z.looseObject({ Items: z.array(row) })

/** list-templates (§4.1). */
export function toTemplates(payload: unknown): Template[] {
  return items(z.looseObject({ ID: numberField, Name: textField }))
    .parse(payload)
    .Items.map((t) => ({ id: t.ID, name: t.Name }))
}

/** list-skins (§4.1). */
export function toSkins(payload: unknown): Skin[] {
  return items(z.looseObject({ ID: numberField, Name: textField, ImageURL: textField, ThumbURL: textField }))
    .parse(payload)
    .Items.map((s) => ({ id: s.ID, name: s.Name, imageUrl: s.ImageURL, thumbUrl: s.ThumbURL }))
}

/** list-currencies (§4.1). */
export function toCurrencies(payload: unknown): Currency[] {
  return items(z.looseObject({ Name: textField }))
    .parse(payload)
    .Items.map((c) => ({ name: c.Name }))
}

/** list-background-music (§4.1). */
export function toBackgroundMusic(payload: unknown): BackgroundMusic[] {
  return items(z.looseObject({ Name: textField, FileURL: textField }))
    .parse(payload)
    .Items.map((m) => ({ name: m.Name, fileUrl: m.FileURL }))
}

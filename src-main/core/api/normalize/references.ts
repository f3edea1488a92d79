import { z } from 'zod'
import type { BackgroundMusic, Currency, Skin, Template } from '../../../../src-shared/domain/service/references'
import { numberField, parseFields, textField, type GapReporter } from './fields'

/** Reads the `Items` rows of a list answer, each with `row`, reporting gaps under `where`. */
function rows<Shape extends z.ZodRawShape>(payload: unknown, row: z.ZodObject<Shape>, where: string, gaps: GapReporter) {
  return z
    .looseObject({ Items: z.array(z.unknown()) })
    .parse(payload)
    .Items.map((item) => parseFields(row, item, where, gaps))
}

const templateRow = z.looseObject({ ID: numberField, Name: textField })
const skinRow = z.looseObject({ ID: numberField, Name: textField, ImageURL: textField, ThumbURL: textField })
const currencyRow = z.looseObject({ Name: textField })
const musicRow = z.looseObject({ Name: textField, FileURL: textField })

/** list-templates (§4.1). */
export function toTemplates(payload: unknown, gaps: GapReporter): Template[] {
  return rows(payload, templateRow, 'list-templates', gaps).map((t) => ({ id: t.ID, name: t.Name }))
}

/** list-skins (§4.1). */
export function toSkins(payload: unknown, gaps: GapReporter): Skin[] {
  return rows(payload, skinRow, 'list-skins', gaps).map((s) => ({ id: s.ID, name: s.Name, imageUrl: s.ImageURL, thumbUrl: s.ThumbURL }))
}

/** list-currencies (§4.1). */
export function toCurrencies(payload: unknown, gaps: GapReporter): Currency[] {
  return rows(payload, currencyRow, 'list-currencies', gaps).map((c) => ({ name: c.Name }))
}

/** list-background-music (§4.1). */
export function toBackgroundMusic(payload: unknown, gaps: GapReporter): BackgroundMusic[] {
  return rows(payload, musicRow, 'list-background-music', gaps).map((m) => ({ name: m.Name, fileUrl: m.FileURL }))
}

import type { Skin } from '../../../src-shared/domain/service/references'
import { flag, type Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { plural, text } from '../output/format'

/** `flipdrop skins [--document]`: the viewer skins (their names are what set-skin takes). */
export const skins: Command = {
  async run(values, _positionals, ctx) {
    const { client } = await ctx.services()
    const items: Skin[] = await client.listSkins(flag(values, 'document') ? 'Document' : 'Flipbook')
    ctx.result({ items }, () => {
      const rows = items.map((skin) => [skin.id === null ? 'unknown' : String(skin.id), text(skin.name), text(skin.thumbUrl), text(skin.imageUrl)])
      return [...(items.length > 0 ? [table(['ID', 'Name', 'Thumbnail', 'Image'], rows, { width: ctx.tableWidth, cut: [1, 2, 3] }), ''] : []), plural(items.length, 'skin')].join('\n')
    })
    return EXIT.ok
  }
}

import type { BackgroundMusic } from '../../../src-shared/domain/service/references'
import type { Command } from '../command'
import { EXIT } from '../exit-codes'
import { table } from '../output/facts'
import { plural, text } from '../output/format'

/** `flipdrop music`: the background music a viewer can play ("None" has no file). */
export const music: Command = {
  async run(_values, _positionals, ctx) {
    const { client } = await ctx.services()
    const items: BackgroundMusic[] = await client.listBackgroundMusic()
    ctx.result({ items }, () => {
      const rows = items.map((track) => [text(track.name), track.fileUrl === '' ? 'none' : text(track.fileUrl)])
      return [...(items.length > 0 ? [table(['Name', 'File'], rows, { width: ctx.tableWidth }), ''] : []), plural(items.length, 'track')].join('\n')
    })
    return EXIT.ok
  }
}

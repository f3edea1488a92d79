import type { DocType } from '../options'
import type { Route, RouteContext } from '../http/route-context'

const TEMPLATES: Record<DocType, string[]> = {
  Flipbook: ['Magazine', 'Product Catalogue', 'Photo Album', 'Annual Report', 'Restaurant Menu'],
  Document: ['Proposal', 'Contract', 'Whitepaper', 'Invoice Pack']
}

const SKINS: Record<DocType, Array<{ ID: number; Name: string }>> = {
  Flipbook: [
    { ID: -1, Name: 'None' },
    { ID: 1, Name: 'Classic' },
    { ID: 2, Name: 'Wooden Desk' },
    { ID: 3, Name: 'Night Sky' },
    { ID: 4, Name: 'Marble' }
  ],
  Document: [
    { ID: -1, Name: 'None' },
    { ID: 101, Name: 'Clean Reader' },
    { ID: 102, Name: 'Corporate Blue' },
    { ID: 103, Name: 'Paper' }
  ]
}

const CURRENCIES = ['USD', 'EUR', 'GBP', 'INR', 'AUD', 'CAD', 'JPY', 'SGD', 'CHF', 'BRL']

const MUSIC = ['Calm Piano', 'Corporate Uplift', 'Acoustic Morning', 'Lo-Fi Study']

/** GET /api/list-templates: `DocType` 0 = Flipbook (default), 1 = Document (§4.1); the blank entry has ID -1. */
function listTemplates(ctx: RouteContext): void {
  const docType: DocType = ctx.query.get('DocType')?.trim() === '1' ? 'Document' : 'Flipbook'
  const builtIn = TEMPLATES[docType].map((Name, i) => ({ ID: (docType === 'Flipbook' ? 10 : 60) + i, Name }))
  const own = ctx.env.state
    .itemsOf(ctx.key, ctx.host)
    .filter((i) => i.isTemplate && i.docType === docType)
    .map((i) => ({ ID: i.id, Name: i.name }))
  ctx.ex.ok({ Items: [{ ID: -1, Name: 'Blank' }, ...builtIn, ...own] })
}

/** GET /api/list-skins: `Type` false = Flipbook skins (default), true = Document skins (§4.1). */
function listSkins(ctx: RouteContext): void {
  const docType: DocType = ctx.query.get('Type')?.trim().toLowerCase() === 'true' ? 'Document' : 'Flipbook'
  const base = `${ctx.origin}/__files/skins`
  ctx.ex.ok({
    Items: SKINS[docType].map((s) => ({
      ...s,
      ImageURL: `${base}/${String(s.ID)}.png`,
      ThumbURL: `${base}/${String(s.ID)}-thumb.png`
    }))
  })
}

/** GET /api/list-currencies (§4.1). */
function listCurrencies(ctx: RouteContext): void {
  ctx.ex.ok({ Items: CURRENCIES.map((Name) => ({ Name })) })
}

/** GET /api/list-background-music: a "None" entry with an empty FileURL, then tracks (§2.1). */
function listBackgroundMusic(ctx: RouteContext): void {
  const tracks = MUSIC.map((Name) => ({
    Name,
    FileURL: `${ctx.origin}/__files/music/${Name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.mp3`
  }))
  ctx.ex.ok({ Items: [{ Name: 'None', FileURL: '' }, ...tracks] })
}

/** The four reference lists (§4.1). */
export const referenceRoutes: Route[] = [
  { method: 'GET', path: '/api/list-templates', handler: listTemplates },
  { method: 'GET', path: '/api/list-skins', handler: listSkins },
  { method: 'GET', path: '/api/list-currencies', handler: listCurrencies },
  { method: 'GET', path: '/api/list-background-music', handler: listBackgroundMusic }
]

import { writeFile } from 'node:fs/promises'
import { makePdf } from './fixtures/make-pdf'
import type { DocType } from './options'
import { mergePdfs } from './pdf'
import type { ServerEnv } from './http/route-context'
import { hostOfDocType } from './state/item-space'
import type { StoredItem } from './state/types'

const DAY_MS = 86_400_000

/** Sample names per folder; '' is the root. */
type SampleLibrary = Array<{ folder: string; docType: DocType; names: string[] }>

/** The first account's library (Northwind Press, a publisher). */
const LIBRARY: SampleLibrary = [
  {
    folder: 'Marketing',
    docType: 'Flipbook',
    names: ['Spring Catalogue 2025', 'Summer Lookbook', 'Brand Guidelines', 'Holiday Gift Guide', 'Product Brochure EU', 'Trade Show Handout']
  },
  {
    folder: 'Sales Decks',
    docType: 'Flipbook',
    names: ['Enterprise Pitch Q1', 'Partner Programme Overview', 'Pricing Sheet 2025', 'Case Study – Harbor Foods', 'Case Study – Medilink']
  },
  {
    folder: 'Reports',
    docType: 'Document',
    names: ['Annual Report 2024', 'Q3 Board Report', 'Sustainability Report', 'Investor Update March', 'Market Research Summary', 'Customer Survey Results']
  },
  {
    folder: 'Manuals',
    docType: 'Document',
    names: ['Installation Guide X200', 'User Manual X200', 'Safety Instructions', 'Quick Start Card', 'Warranty Terms']
  },
  {
    folder: 'Magazines',
    docType: 'Flipbook',
    names: ['Northwind Quarterly #12', 'Northwind Quarterly #13', 'Northwind Quarterly #14', 'Travel Journal Autumn', 'Food & Friends Issue 7']
  },
  {
    folder: '',
    docType: 'Flipbook',
    names: ['Restaurant Menu', 'Wedding Album Draft', 'Portfolio 2025', 'Newsletter June', 'Event Programme', 'Employee Handbook', 'Résumé – Dana Whitfield', 'Price List (old)']
  }
]

/** The second account's library (Kite Studio, a design studio working for clients). */
const STUDIO_LIBRARY: SampleLibrary = [
  { folder: 'Client Work', docType: 'Flipbook', names: ['Harbor Foods Menu Autumn', 'Medilink Patient Guide', 'Lumen Travel Brochure', 'Fjord Outdoor Catalogue', 'Saffron Events Programme'] },
  { folder: 'Portfolio', docType: 'Flipbook', names: ['Studio Portfolio 2025', 'Packaging Showcase', 'Editorial Layouts', 'Identity Case Studies', 'Poster Series'] },
  { folder: 'Proposals', docType: 'Document', names: ['Proposal – Bellini Architects', 'Proposal – Harbor Foods', 'Statement of Work Template', 'Rate Card 2025', 'Project Timeline Sample', 'Studio Terms'] },
  { folder: 'Pitches', docType: 'Flipbook', names: ['Creative Pitch Deck', 'Rebrand Concepts', 'Campaign Moodboard', 'Social Launch Plan', 'Retail Window Ideas'] },
  { folder: 'Studio Admin', docType: 'Document', names: ['Onboarding Pack', 'Freelancer Handbook', 'Invoice Guide', 'Studio Style Sheet', 'Equipment List'] },
  { folder: '', docType: 'Flipbook', names: ['Kite Studio Showreel', 'Print Specs Cheat Sheet', 'Colour Swatch Book', 'Type Specimen', 'Open Studio Invitation', 'Workshop Slides', 'Team Photo Book', 'Holiday Card Drafts'] }
]

/** The third account's library (Vogel Design, an interiors practice). */
const INTERIORS_LIBRARY: SampleLibrary = [
  { folder: 'Residential', docType: 'Flipbook', names: ['Lakeside Villa Concept', 'City Loft Moodboard', 'Garden House Finishes', 'Family Kitchen Options', 'Attic Conversion Plan'] },
  { folder: 'Hospitality', docType: 'Flipbook', names: ['Hotel Lobby Scheme', 'Café Rouge Interior', 'Spa Materials Board', 'Rooftop Bar Lighting', 'Boutique Rooms Guide'] },
  { folder: 'Specifications', docType: 'Document', names: ['Joinery Specification', 'Lighting Schedule', 'Flooring Samples List', 'Paint Colour Schedule', 'Fabric Care Notes', 'Fixtures and Fittings'] },
  { folder: 'Catalogues', docType: 'Flipbook', names: ['Furniture Collection 2025', 'Lamp Catalogue', 'Rug Collection', 'Outdoor Living', 'Textiles Lookbook'] },
  { folder: 'Press', docType: 'Document', names: ['Press Kit', 'Award Entry 2024', 'Magazine Feature Reprint', 'Interview Transcript', 'Fact Sheet'] },
  { folder: '', docType: 'Flipbook', names: ['Vogel Design Profile', 'Sustainability Pledge', 'Client Questionnaire', 'Before and After', 'Showroom Map', 'Seasonal Trends', 'Material Library', 'Studio Newsletter'] }
]

const LIBRARIES = [LIBRARY, STUDIO_LIBRARY, INTERIORS_LIBRARY] as const

/** Folder names past a library's own five, as an agency would keep one folder per client. */
const CLIENTS = [
  'Acme Bakery', 'Blue Harbour Hotels', 'Cedar & Co', 'Delta Logistics', 'Evergreen Schools', 'Fjord Outdoor', 'Golden Gate Realty',
  'Harbor Foods', 'Iris Opticians', 'Juniper Wines', 'Kestrel Airways', 'Lumen Travel', 'Maple Dental', 'Northwind Press', 'Orchid Spa',
  'Pioneer Bikes', 'Quartz Jewellers', 'Riverside Clinic', 'Saffron Events', 'Tidewater Marine', 'Umbra Lighting', 'Violet Florists',
  'Willow Yoga', 'Xenon Motors', 'Yellowstone Tours', 'Zephyr Fitness', 'Alder Architects', 'Birch Furniture', 'Copper Kettle Café',
  'Driftwood Gallery', 'Elm Street Bistro', 'Foxglove Books', 'Granite Builders', 'Hazel Nursery', 'Indigo Fashion', 'Jasper Law'
]

/** `count` folder names: the library's own, then one per client (numbered once the clients run out). */
function folderNames(library: SampleLibrary, count: number): string[] {
  const own = library.map((group) => group.folder).filter((folder) => folder !== '')
  const names: string[] = []
  for (let i = 0; names.length < count; i++) {
    if (i < own.length) names.push(own[i] ?? '')
    else {
      const client = i - own.length
      const round = Math.floor(client / CLIENTS.length)
      const name = `Client – ${CLIENTS[client % CLIENTS.length] ?? ''}`
      names.push(round === 0 ? name : `${name} ${String(round + 1)}`)
    }
  }
  return names
}

/** How seedLibrary shapes a library. */
export interface SeedShape {
  /** Which sample library (the account's place among the keys): each account's titles differ. */
  account?: number
  /** Spreads the items over this many folders (and the root); absent: the library's own five. */
  folders?: number
}

/**
 * Titles that differ from the Name, so a library shows that SearchText matches the Title too
 * (`Financial` is in no Name). Other items are titled like their Name.
 */
const TITLES: Record<string, string> = {
  'Annual Report 2024': 'Annual Report 2024 – Financial Statements',
  'Brand Guidelines': 'Brand Guidelines: Logo, Colour and Typography'
}

/** Deterministic pseudo-random numbers, so every seeded library looks the same. */
function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

async function storePdf(env: ServerEnv, bytes: Uint8Array): Promise<string> {
  const temp = env.files.tempPath()
  await writeFile(temp, bytes)
  return env.files.adopt(temp)
}

/** Real sample PDFs (shared by seeded items; stored files are never changed in place). */
async function samplePdfs(env: ServerEnv): Promise<Array<{ fileId: string; pages: number }>> {
  const out: Array<{ fileId: string; pages: number }> = []
  for (const pages of [1, 4, 8, 12, 24]) {
    out.push({ fileId: await storePdf(env, await makePdf(pages, 'FlipDrop sample')), pages })
  }
  return out
}

/**
 * Fills an account with a realistic library: items in folders, Flipbooks and Documents,
 * spread over the last 18 months with views and leads; a few starred, two templates, two on a
 * CNAME, one password protected and one with a front/back wrap (merged PDF).
 * `count` above the sample size repeats names with a number. Each item is stored on the host
 * of its DocType (which only matters with `separateHostIds`).
 */
export async function seedLibrary(env: ServerEnv, owner: string, count = 36, shape: SeedShape = {}): Promise<StoredItem[]> {
  const random = rng(20250101 + count)
  const pdfs = await samplePdfs(env)
  const now = env.options.now()
  const accountIndex = shape.account ?? 0
  const library = LIBRARIES[accountIndex % LIBRARIES.length] ?? LIBRARY
  // Past the three libraries, the brand tells the titles apart.
  const brand = accountIndex >= LIBRARIES.length ? ` · ${env.state.accountOf(owner)?.brand ?? ''}` : ''
  const folders = shape.folders === undefined ? null : folderNames(library, shape.folders)
  const pool = library.flatMap((g) => g.names.map((name) => ({ ...g, name: `${name}${brand}` })))
  const created: StoredItem[] = []
  for (let i = 0; i < count; i++) {
    const entry = pool[i % pool.length] ?? { folder: '', docType: 'Flipbook' as DocType, name: 'Sample', names: [] }
    const round = Math.floor(i / pool.length)
    const pdf = pdfs[Math.floor(random() * pdfs.length)] ?? pdfs[0]
    if (!pdf) break
    const ageDays = random() * 540
    const views = Math.floor(random() ** 2 * 12_000)
    const item = env.state.addItem({
      owner,
      docType: entry.docType,
      name: round === 0 ? entry.name : `${entry.name} (${String(round + 1)})`,
      title: round === 0 ? (TITLES[entry.name] ?? entry.name) : `${entry.name} ${String(round + 1)}`,
      description: random() < 0.4 ? `Sample ${entry.docType.toLowerCase()} in ${entry.folder || 'the root folder'}.` : '',
      folder: folders === null ? entry.folder : folderOf(folders, i),
      createdMs: Math.floor(now - ageDays * DAY_MS),
      validTillDate: '',
      ordPos: i,
      isStarred: random() < 0.15,
      isTemplate: i === 2 || i === 14,
      isActive: true,
      isPublished: random() > 0.1,
      pages: pdf.pages,
      views,
      leads: Math.floor(views * random() * 0.02),
      sales: 0,
      approvals: entry.docType === 'Document' ? Math.floor(random() * 4) : 0,
      fileId: pdf.fileId,
      frontFileId: '',
      backFileId: '',
      mergedFileId: '',
      cname: i === 6 ? 'docs.example.com' : i === 18 ? 'read.northwind-press.example' : '',
      settings: i === 9 ? { IsPasswordProtected: true, Password: 'open-sesame' } : {}
    }, hostOfDocType(entry.docType))
    created.push(item)
  }
  const wrapped = created[4]
  if (wrapped) await addWrap(env, wrapped)
  return created
}

/** Item i's folder when spread over `folders`: round robin, with every (n+1)th item in the root. */
function folderOf(folders: string[], i: number): string {
  return folders[i % (folders.length + 1)] ?? ''
}

/** Attaches a front and back cover and builds the merged PDF get-pdf serves. */
async function addWrap(env: ServerEnv, item: StoredItem): Promise<void> {
  item.frontFileId = await storePdf(env, await makePdf(1, 'Front cover'))
  item.backFileId = await storePdf(env, await makePdf(1, 'Back cover'))
  const temp = env.files.tempPath()
  item.pages = await mergePdfs([item.frontFileId, item.fileId, item.backFileId].map((id) => env.files.pathOf(id)), temp)
  item.mergedFileId = await env.files.adopt(temp)
  env.state.changed()
}

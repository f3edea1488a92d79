import { writeFile } from 'node:fs/promises'
import { makePdf } from './fixtures/make-pdf'
import type { DocType } from './options'
import { mergePdfs } from './pdf'
import type { ServerEnv } from './http/route-context'
import { hostOfDocType } from './state/item-space'
import type { StoredItem } from './state/types'

const DAY_MS = 86_400_000

/** Sample names per folder; '' is the root. */
const LIBRARY: Array<{ folder: string; docType: DocType; names: string[] }> = [
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
export async function seedLibrary(env: ServerEnv, owner: string, count = 36): Promise<StoredItem[]> {
  const random = rng(20250101 + count)
  const pdfs = await samplePdfs(env)
  const now = env.options.now()
  const pool = LIBRARY.flatMap((g) => g.names.map((name) => ({ ...g, name })))
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
      folder: entry.folder,
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

/** Attaches a front and back cover and builds the merged PDF get-pdf serves. */
async function addWrap(env: ServerEnv, item: StoredItem): Promise<void> {
  item.frontFileId = await storePdf(env, await makePdf(1, 'Front cover'))
  item.backFileId = await storePdf(env, await makePdf(1, 'Back cover'))
  const temp = env.files.tempPath()
  item.pages = await mergePdfs([item.frontFileId, item.fileId, item.backFileId].map((id) => env.files.pathOf(id)), temp)
  item.mergedFileId = await env.files.adopt(temp)
  env.state.changed()
}

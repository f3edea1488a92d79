import jsQR from 'jsqr'
import type { Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { LibraryPage } from './pages/library-page'
import { ShareSheetPage } from './pages/share-sheet-page'
import { EVERY_SIZE, snapshotLaptop } from './support/snapshot-laptop'
import { published, signedInLibrary } from './support/share-setup'
import { tlsTest } from './support/tls-test'
import type { RunningEmulator } from '../emulator'

/*
 * The Share sheet against the real core (main's share service through the test host) and the
 * emulator: links in each format as copied, rich text pasted into an editor, the embed preview,
 * the QR code read back by a decoder, the contrast refusal, the remembered format, the keyboard.
 */

/** Opens the sheet from the library's details for the first published item of the seed. */
async function shareFirstPublished(emulator: RunningEmulator, page: Page, app: { goTo(view: 'library'): Promise<void> }) {
  const [item] = published(emulator, 1)
  if (!item) throw new Error('the seed has published items')
  await signedInLibrary(page, app)
  const sheet = new ShareSheetPage(page)
  await sheet.openFromDetails(item.name)
  return { item, sheet }
}

/** The QR preview's pixels (the SVG drawn on a canvas in the page), read by jsQR. */
async function decodeQrPreview(page: Page): Promise<string | null> {
  const pixels = await page.evaluate(async () => {
    const svg = document.querySelector('.share-qr-code svg')
    if (!svg) throw new Error('no QR preview')
    const image = new Image()
    image.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(new XMLSerializer().serializeToString(svg))}`
    await image.decode()
    const canvas = document.createElement('canvas')
    canvas.width = 400
    canvas.height = 400
    const context = canvas.getContext('2d')
    if (!context) throw new Error('no canvas')
    context.drawImage(image, 0, 0, 400, 400)
    return Array.from(context.getImageData(0, 0, 400, 400).data)
  })
  return jsQR(Uint8ClampedArray.from(pixels), 400, 400)?.data ?? null
}

test.describe('the Share sheet', () => {
  test.use({ signedIn: true })

  test('shows each link format exactly as it copies it, and remembers the format chosen', async ({ app, host, emulator, page }) => {
    const { item, sheet } = await shareFirstPublished(emulator, page, app)
    await expect(sheet.dialog).toBeVisible()
    await expect(sheet.dialog.getByRole('heading')).toHaveText(`Share “\u2068${item.title}\u2069”`)
    const url = await sheet.linkText.inputValue()
    expect(url).toMatch(/^https?:\/\//)

    await sheet.dialog.getByRole('button', { name: 'Copy link' }).click()
    await expect(sheet.dialog.getByRole('button', { name: 'Copied' })).toBeVisible()
    // Plain formats go to the clipboard as text; only rich text carries HTML.
    await expect.poll(() => host.copiedTexts.at(-1)).toBe(url)

    await sheet.format('Markdown').check()
    await expect(sheet.linkText).toHaveValue(`[${item.title}](${url})`)
    await sheet.format('HTML').check()
    await expect(sheet.linkText).toHaveValue(`<a href="${url}" dir="auto">${item.title}</a>`)
    await sheet.dialog.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => host.copiedTexts.at(-1)).toBe(`<a href="${url}" dir="auto">${item.title}</a>`)

    // Closed and opened again, and after a reload (a restart of the window): still HTML.
    await page.keyboard.press('Escape')
    await expect(sheet.dialog).toBeHidden()
    await sheet.openFromDetails(item.name)
    await expect(sheet.format('HTML')).toBeChecked()
    await page.reload()
    await signedInLibrary(page, app)
    await sheet.openFromDetails(item.name)
    await expect(sheet.format('HTML')).toBeChecked()
    await snapshotLaptop(page, 'share-sheet-link', EVERY_SIZE)
  })

  test('rich text pastes into an editor as a link named by the title', async ({ app, host, emulator, page, context }) => {
    const { item, sheet } = await shareFirstPublished(emulator, page, app)
    await sheet.format('Rich text').check()
    await expect(sheet.dialog.getByRole('group', { name: 'What will be copied' }).getByRole('link', { name: item.title })).toBeVisible()
    await sheet.dialog.getByRole('button', { name: 'Copy link' }).click()
    await expect.poll(() => host.copiedRich.at(-1)?.html ?? null).not.toBeNull()
    const copied = host.copiedRich.at(-1)
    if (!copied?.html) throw new Error('unreachable')

    // What an editor makes of the HTML on the clipboard: Chromium's own paste of HTML into rich text.
    const editor = await context.newPage()
    await editor.setContent('<div contenteditable="true" id="editor"></div>')
    await editor.locator('#editor').focus()
    await editor.evaluate((html) => document.execCommand('insertHTML', false, html), copied.html)
    const link = editor.locator('#editor a')
    await expect(link).toHaveText(item.title)
    await expect(link).toHaveAttribute('href', copied.text)
    await editor.close()
  })

  test('the QR code reads back as the item’s link, and colours phones cannot read are refused', async ({ app, emulator, page }) => {
    const { item, sheet } = await shareFirstPublished(emulator, page, app)
    const url = await sheet.linkText.inputValue()
    await sheet.tab('QR code').click()
    await expect(sheet.dialog.getByRole('img', { name: `QR code for “${item.title}”` })).toBeVisible()
    await expect(sheet.dialog.getByText('Reads from up to 30 cm')).toBeVisible()
    expect(await decodeQrPreview(page)).toBe(url)

    await sheet.dialog.getByRole('radio', { name: 'PNG' }).check()
    await expect(sheet.dialog.getByText(/^300 dpi: \d+ × \d+ px — print-ready$/)).toBeVisible()
    await snapshotLaptop(page, 'share-sheet-qr', EVERY_SIZE)

    const save = sheet.dialog.getByRole('button', { name: 'Save…' })
    await expect(save).toBeEnabled()
    await sheet.dialog.getByLabel('Code', { exact: true }).fill('#dddddd')
    await expect(sheet.dialog.getByRole('alert')).toContainText('Phones can’t read this code')
    await expect(save).toBeDisabled()
    await expect(sheet.dialog.getByRole('button', { name: 'Copy image' })).toBeDisabled()
    await expect(sheet.dialog.locator('.share-qr-code')).not.toHaveAttribute('draggable', 'true')
  })

  test('several items: listed in order, all links copied one a line, QR codes saved together', async ({ app, emulator, page, host }) => {
    await signedInLibrary(page, app)
    // The selection is shared in the library's order, whatever order it was clicked in.
    const shown = await new LibraryPage(page).entries.evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('data-key')))
    const publishedByKey = new Map([...emulator.state.items.values()].filter((item) => item.isPublished).map((item) => [`${item.docType}:${String(item.id)}`, item]))
    const items = shown.flatMap((key) => publishedByKey.get(key ?? '') ?? []).slice(0, 4)
    expect(items).toHaveLength(4)
    const sheet = new ShareSheetPage(page)
    await sheet.openForSelected([...items].reverse().map((item) => item.name))
    await expect(sheet.dialog.getByRole('heading')).toHaveText('Share 4 items')
    await expect(sheet.dialog.locator('.share-item-name')).toHaveText(items.map((item) => item.title))
    await expect(sheet.tab('Embed')).toHaveCount(0)
    await sheet.format('Markdown').check()
    await sheet.dialog.getByRole('button', { name: 'Copy all links' }).click()
    await expect.poll(() => host.copiedTexts.at(-1)?.split('\n').length ?? 0).toBe(4)
    const lines = host.copiedTexts.at(-1)?.split('\n') ?? []
    lines.forEach((line, index) => expect(line.startsWith(`[${items[index]?.title ?? ''}](`)).toBe(true))
    await snapshotLaptop(page, 'share-sheet-many', EVERY_SIZE)
    await sheet.tab('QR code').click()
    await expect(sheet.dialog.getByRole('button', { name: 'Save QR codes…' })).toBeEnabled()
  })
})

/*
 * The Email section shows the cover from its public address, as the email will: over TLS, like
 * the real service, since the window's policy takes images from https only.
 */
tlsTest.describe('the Share sheet over TLS', () => {
  tlsTest.use({ signedIn: true })

  tlsTest('keyboard only: tabs by arrows, every section reachable, Escape closes and focus returns', async ({ app, emulator, page }) => {
    const [item] = published(emulator, 1)
    if (!item) throw new Error('unreachable')
    await signedInLibrary(page, app)
    const library = new LibraryPage(page)
    const sheet = new ShareSheetPage(page)
    await sheet.openFromDetails(item.name)
    await expect(sheet.linkText).toBeVisible()
    await sheet.tab('Link').focus()
    for (const name of ['Embed', 'QR code', 'Social card', 'Email'] as const) {
      await page.keyboard.press('ArrowRight')
      await expect(sheet.tab(name)).toBeFocused()
      await expect(sheet.tab(name)).toHaveAttribute('aria-selected', 'true')
    }
    await page.keyboard.press('ArrowRight')
    await expect(sheet.tab('Link')).toBeFocused()
    await page.keyboard.press('End')
    await expect(sheet.tab('Email')).toBeFocused()
    await page.keyboard.press('Tab')
    // The email preview's first link: the cover, linked and named by the title as in the email.
    await expect(sheet.panel.getByRole('link', { name: item.title }).first()).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(sheet.dialog).toBeHidden()
    await expect(library.details.getByRole('button', { name: 'Share…' })).toBeFocused()
  })

  tlsTest('the social card and the email snippet', async ({ app, emulator, page, host }) => {
    const { item, sheet } = await shareFirstPublished(emulator, page, app)
    await sheet.tab('Social card').click()
    const card = sheet.dialog.getByRole('img', { name: `Social card for “${item.title}”` })
    await expect(card).toHaveAttribute('aria-busy', 'false')
    expect(await card.evaluate((canvas: HTMLCanvasElement) => [canvas.width, canvas.height])).toEqual([1200, 630])
    await expect(sheet.dialog.getByRole('link', { name: 'Facebook Sharing Debugger' })).toHaveAttribute('href', /^https:\/\/developers\.facebook\.com\/tools\/debug\/\?q=https?%3A%2F%2F/)
    await snapshotLaptop(page, 'share-sheet-social', EVERY_SIZE)

    await sheet.tab('Email').click()
    await expect(sheet.dialog.getByRole('link', { name: 'Read the flipbook' })).toBeVisible()
    await sheet.dialog.getByRole('button', { name: 'Copy for email' }).click()
    await expect.poll(() => host.copiedRich.at(-1)?.text ?? '').toMatch(new RegExp(`^${item.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\nRead the flipbook: https?://`))
    await snapshotLaptop(page, 'share-sheet-email', EVERY_SIZE)
  })
})

tlsTest.describe('the embed preview', () => {
  tlsTest.use({ signedIn: true })

  tlsTest('frames the item’s embed page at the chosen size, scaled down with a note when wider than the sheet', async ({ app, emulator, page }) => {
    const { item, sheet } = await shareFirstPublished(emulator, page, app)
    await sheet.tab('Embed').click()
    const preview = sheet.dialog.locator('iframe.share-embed-frame')
    await expect(preview).toHaveAttribute('title', `Preview of “${item.title}” embedded`)
    const code = await sheet.dialog.getByRole('textbox', { name: 'Embed code' }).inputValue()
    const embedUrl = /src="([^"]+)"/.exec(code)?.[1]?.replace(/&amp;/g, '&') ?? ''
    expect(embedUrl).toMatch(/^https:\/\//)
    // The preview document frames the item's own embed page, which loads.
    const embedFrame = page.frameLocator('iframe.share-embed-frame').locator('iframe')
    await expect(embedFrame).toHaveAttribute('src', embedUrl)
    await expect.poll(() => page.frames().some((frame) => frame.url() === embedUrl)).toBe(true)
    await snapshotLaptop(page, 'share-sheet-embed', EVERY_SIZE)

    await sheet.dialog.getByRole('radio', { name: '1000 px' }).check()
    await expect(sheet.dialog.getByText(/^Shown at \d+ %$/)).toBeVisible()
    await sheet.dialog.getByRole('radio', { name: 'Custom' }).check()
    await sheet.dialog.getByLabel('Width (px)').fill('50')
    await expect(sheet.dialog.getByText('Between 100 and 4000 pixels.')).toBeVisible()
  })
})

import { contract } from '../../src-shared/contract'
import { expect, test } from './fixtures'

test.use({ signedIn: true })

test('shows the version it got from main over the bridge, under About in the account menu', async ({ app, host }) => {
  const expected = host.booted.app.info().version
  await expect(app.ready).toBeVisible()
  await expect(app.version).toHaveCount(0)
  await app.openAbout()
  await expect(app.version).toHaveText(`Version ${expected}`)
  expect(host.transcript.map((entry) => entry.channel)).toContain('app:info')
})

test('navigates between the four views', async ({ app }) => {
  await expect(app.heading('publish')).toBeVisible()
  for (const view of ['library', 'account', 'settings', 'publish'] as const) {
    await app.goTo(view)
    await expect(app.heading(view)).toBeVisible()
    await expect(app.navButton(view)).toHaveAttribute('aria-current', 'page')
  }
})

test('follows the application menu through the app:navigate event', async ({ app, host }) => {
  await expect(app.ready).toBeVisible()
  host.emit(contract.app.navigate, 'library')
  await expect(app.heading('library')).toBeVisible()
})

test('a malformed payload comes back as a validation error, not a crash', async ({ app, host }) => {
  await expect(app.ready).toBeVisible()
  const reply = await app.page.evaluate(() =>
    // Deliberately wrong type: the contract's schema takes a string.
    (window.flipdrop.app.openExternal as (input: unknown) => Promise<unknown>)({ url: 42 })
  )
  expect(reply).toEqual({ ok: false, error: { code: 'invalid-input', message: expect.stringContaining('app:openExternal') } })
  // The app still answers afterwards.
  const info = await app.page.evaluate(() => window.flipdrop.app.info())
  expect(info).toMatchObject({ ok: true, value: { name: 'FlipDrop' } })
  expect(host.openedUrls).toEqual([])
})

test('https links open in the browser through main; other schemes are refused', async ({ app, host }) => {
  await expect(app.ready).toBeVisible()
  const refused = await app.page.evaluate(() => window.flipdrop.app.openExternal('file:///etc/passwd'))
  expect(refused).toEqual({ ok: false, error: { code: 'not-allowed', message: expect.stringContaining('https'), said: { key: 'coreApp.openLink.notSecure' } } })
  const opened = await app.page.evaluate(() => window.flipdrop.app.openExternal('https://example.com/help'))
  expect(opened).toEqual({ ok: true })
  expect(host.openedUrls).toEqual(['https://example.com/help'])
})

test('the bridge exposes only contract methods, frozen', async ({ app }) => {
  await expect(app.ready).toBeVisible()
  const shape = await app.page.evaluate(() => ({
    keys: Object.keys(window.flipdrop).sort(),
    app: Object.keys(window.flipdrop.app).sort(),
    frozen: Object.isFrozen(window.flipdrop) && Object.isFrozen(window.flipdrop.app)
  }))
  expect(shape).toEqual({
    keys: ['account', 'app', 'auth', 'filePicker', 'getPathForFile', 'library', 'links', 'pathsForFiles', 'readers', 'settings', 'share', 'uploads'],
    app: [
      'checkForUpdates',
      'copyText',
      'info',
      'onMenuCommand',
      'onNavigate',
      'onShowJob',
      'onStartupChanged',
      'onUpdatesChanged',
      'openExternal',
      'painted',
      'rendererStartup',
      'restartToUpdate',
      'retryStartup',
      'showInFolder',
      'startupState',
      'updates'
    ],
    frozen: true
  })
})

import { escapeHtml } from '../../src-shared/share/link-formats'
import { desktopDirection, desktopLocale, t } from './i18n/desktop-i18n'

/** The words of one failure page; the defaults are those of a page that did not load. */
export interface FailureWords {
  title: string
  advice: string
  /** A "Try again" link back to the app's page; none when trying again cannot help. */
  tryAgain?: { label: string; url: string }
}

/** A page that did not load: read when the page is made, in main's language of the moment. */
function loadFailed(): FailureWords {
  return { title: t('desktop.failure.loadTitle'), advice: t('desktop.failure.loadAdvice') }
}

/** Stands for the address in "Page: {url}" until the escaped message gets its <code> element. */
const URL_MARK = '\u0000url\u0000'

/**
 * A self-contained page (data: URL) saying why the app's page is not there, so a failed
 * load or a crash shows a reason instead of a blank window. It has no script and its own
 * strict policy ("Try again" is a plain link to the app's page); it follows the system's
 * light or dark theme.
 */
export function loadFailurePage(reason: string, url: string, words: FailureWords = loadFailed()): string {
  const tryAgain = words.tryAgain ? `<p><a href="${escapeHtml(words.tryAgain.url)}">${escapeHtml(words.tryAgain.label)}</a></p>` : ''
  // The message around the address is escaped whole; the address goes in as code of its own.
  const page = escapeHtml(t('desktop.failure.page', { url: URL_MARK })).replace(URL_MARK, `<code>${escapeHtml(url)}</code>`)
  const html = `<!doctype html>
<html lang="${desktopLocale()}" dir="${desktopDirection()}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="color-scheme" content="light dark"><title>${escapeHtml(words.title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:Canvas;color:CanvasText}
main{max-width:36rem;padding:2rem}h1{font-size:1.3rem}code{word-break:break-all}a{color:LinkText}</style></head>
<body><main role="alert"><h1>${escapeHtml(words.title)}</h1>
<p>${escapeHtml(reason)}</p><p>${page}</p>
<p>${escapeHtml(words.advice)}</p>${tryAgain}
</main></body></html>`
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`
}

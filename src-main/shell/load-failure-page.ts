const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' }

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character)
}

/**
 * A self-contained page (data: URL) saying why the app's page did not load, so a failed
 * load shows a reason instead of a window that never appears. It has no script and its own
 * strict policy; it follows the system's light or dark theme.
 */
export function loadFailurePage(reason: string, url: string): string {
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="color-scheme" content="light dark"><title>FlipDrop could not open its window</title>
<style>body{font:15px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:Canvas;color:CanvasText}
main{max-width:36rem;padding:2rem}h1{font-size:1.3rem}code{word-break:break-all}</style></head>
<body><main role="alert"><h1>FlipDrop could not open its window</h1>
<p>${escapeHtml(reason)}</p><p>Page: <code>${escapeHtml(url)}</code></p>
<p>Quit FlipDrop and start it again. If this keeps happening, reinstall FlipDrop; your uploads and settings are kept.</p>
</main></body></html>`
  return `data:text/html;charset=utf-8,${encodeURIComponent(html)}`
}

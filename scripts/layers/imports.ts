import ts from 'typescript'

/** The script blocks of a Vue single-file component, joined, so their imports can be read. */
function vueScripts(source: string): string {
  return [...source.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1] ?? '').join('\n')
}

/**
 * Every module a source file imports: static and type imports, re-exports, dynamic
 * import() and require(). Uses TypeScript's own pre-parser rather than a regex, so
 * comments and strings cannot fool it.
 */
export function readImports(path: string, source: string): string[] {
  const code = path.endsWith('.vue') ? vueScripts(source) : source
  const info = ts.preProcessFile(code, true, true)
  return info.importedFiles.map((file) => file.fileName)
}

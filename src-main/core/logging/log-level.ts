/**
 * FLIPDROP_LOG=debug (the command's --verbose sets it): every log line is also printed
 * on stderr, and the updater's own steps are logged. Without it the file still gets
 * every line, and the terminal only errors.
 */
export function verboseLogging(env: NodeJS.ProcessEnv): boolean {
  return env['FLIPDROP_LOG']?.trim().toLowerCase() === 'debug'
}

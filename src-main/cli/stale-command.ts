import { isLaterVersion, readAppInstall } from '../core/app/app-install'

/** A path for the shell, in single quotes. */
function quoted(path: string): string {
  return `'${path.replaceAll("'", `'\\''`)}'`
}

/**
 * Two lines for stderr when the installed app that last ran on this data folder is a later
 * version than this command (an AppImage updated itself; its extracted command did not
 * follow), with how to bring the command up to date; null when it is current.
 */
export function staleCommandNote(commandVersion: string, dataDir: string): string | null {
  const app = readAppInstall(dataDir)
  if (!app || !isLaterVersion(app.version, commandVersion)) return null
  const how = app.appImage
    ? `Extract the new AppImage as when you installed the command: cd ~/.local/share && ${quoted(app.appImage)} --appimage-extract >/dev/null && rm -rf flipdrop && mv squashfs-root flipdrop`
    : 'Install the command again from the new version (README, "The command on the PATH").'
  return `flipdrop: this command is out of date: it is ${commandVersion}, and the FlipDrop app was updated to ${app.version}.\n  ${how}\n`
}

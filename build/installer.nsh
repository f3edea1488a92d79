; FlipDrop's NSIS additions (electron-builder includes build/installer.nsh; see nsis.include).
;
; PDFs: FlipDrop joins Explorer's "Open with" list for .pdf and never becomes their default
; app. electron-builder's own `fileAssociations` is not used on Windows: its APP_ASSOCIATE
; macro (templates/nsis/include/FileAssociation.nsh) writes FlipDrop's ProgID as the
; default value of Software\Classes\.pdf, which takes PDFs over wherever the user has not
; picked an app, and its uninstaller leaves that value pointing at a deleted ProgID.
; Here .pdf only gains a value under OpenWithProgids; its default value is never written.

!define FLIPDROP_PDF_PROGID "FlipDrop.PDF"

; The `flipdrop` command: resources\bin (flipdrop.cmd) joins the PATH, the user's or, for an
; install for all users, the machine's, as VS Code's installer adds its bin folder. PowerShell
; edits it, not NSIS: NSIS strings have a fixed length limit and would cut a long PATH short.
; The registry value is read unexpanded and written back as REG_EXPAND_SZ, so entries such as
; %USERPROFILE%\bin keep working. The folder and scope travel as environment variables, so a
; quote in the install path cannot break the command. FLIPDROP_PATH_ADD: 1 adds, 0 removes.
!define FLIPDROP_PATH_EDIT `powershell.exe -NoProfile -NonInteractive -ExecutionPolicy Bypass -Command "$$k = if ($$env:FLIPDROP_PATH_SCOPE -eq 'all') { [Microsoft.Win32.Registry]::LocalMachine.OpenSubKey('SYSTEM\CurrentControlSet\Control\Session Manager\Environment', $$true) } else { [Microsoft.Win32.Registry]::CurrentUser.OpenSubKey('Environment', $$true) }; $$old = [string]$$k.GetValue('Path', '', 'DoNotExpandEnvironmentNames'); $$parts = @($$old -split ';' | Where-Object { $$_ -and $$_ -ne $$env:FLIPDROP_BIN }); if ($$env:FLIPDROP_PATH_ADD -eq '1') { $$parts += $$env:FLIPDROP_BIN }; $$k.SetValue('Path', ($$parts -join ';'), 'ExpandString')"`

!macro flipdropCommandPath ADD
  System::Call 'Kernel32::SetEnvironmentVariable(t "FLIPDROP_BIN", t "$INSTDIR\resources\bin")'
  System::Call 'Kernel32::SetEnvironmentVariable(t "FLIPDROP_PATH_SCOPE", t "$installMode")'
  System::Call 'Kernel32::SetEnvironmentVariable(t "FLIPDROP_PATH_ADD", t "${ADD}")'
  Push $0
  nsExec::ExecToLog `${FLIPDROP_PATH_EDIT}`
  ; Its exit code, then $0 as electron-builder's script left it.
  Pop $0
  Pop $0
  ; Open terminals keep their PATH; new ones see the change (WM_SETTINGCHANGE to all windows).
  SendMessage 0xFFFF 0x1A 0 "STR:Environment" /TIMEOUT=5000
!macroend

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}" "" "PDF document"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}\shell\open" "" "Publish with FlipDrop"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}\shell\open\command" "" '"$appExe" "%1"'
  WriteRegNone SHELL_CONTEXT "Software\Classes\.pdf\OpenWithProgids" "${FLIPDROP_PDF_PROGID}"
  ; Tell Explorer the associations changed (SHCNE_ASSOCCHANGED), as the uninstaller does.
  System::Call 'shell32::SHChangeNotify(i, i, i, i) v (0x08000000, 0, 0, 0)'
  !insertmacro flipdropCommandPath 1
!macroend

!macro customUnInstall
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.pdf\OpenWithProgids" "${FLIPDROP_PDF_PROGID}"
  DeleteRegKey SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}"
  ; An update runs the old uninstaller first, then adds the same folder again: leave it.
  ${ifNot} ${isUpdated}
    !insertmacro flipdropCommandPath 0
  ${endIf}
!macroend

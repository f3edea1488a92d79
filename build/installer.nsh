; FlipDrop's NSIS additions (electron-builder includes build/installer.nsh; see nsis.include).
;
; PDFs: FlipDrop joins Explorer's "Open with" list for .pdf and never becomes their default
; app. electron-builder's own `fileAssociations` is not used on Windows: its APP_ASSOCIATE
; macro (templates/nsis/include/FileAssociation.nsh) writes FlipDrop's ProgID as the
; default value of Software\Classes\.pdf, which takes PDFs over wherever the user has not
; picked an app, and its uninstaller leaves that value pointing at a deleted ProgID.
; Here .pdf only gains a value under OpenWithProgids; its default value is never written.

!define FLIPDROP_PDF_PROGID "FlipDrop.PDF"

!macro customInstall
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}" "" "PDF document"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}\DefaultIcon" "" "$appExe,0"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}\shell\open" "" "Publish with FlipDrop"
  WriteRegStr SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}\shell\open\command" "" '"$appExe" "%1"'
  WriteRegNone SHELL_CONTEXT "Software\Classes\.pdf\OpenWithProgids" "${FLIPDROP_PDF_PROGID}"
  ; Tell Explorer the associations changed (SHCNE_ASSOCCHANGED), as the uninstaller does.
  System::Call 'shell32::SHChangeNotify(i, i, i, i) v (0x08000000, 0, 0, 0)'
!macroend

!macro customUnInstall
  DeleteRegValue SHELL_CONTEXT "Software\Classes\.pdf\OpenWithProgids" "${FLIPDROP_PDF_PROGID}"
  DeleteRegKey SHELL_CONTEXT "Software\Classes\${FLIPDROP_PDF_PROGID}"
!macroend

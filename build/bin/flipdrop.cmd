@echo off
rem `flipdrop`, the command installed with FlipDrop (README, "The command on the PATH"): the
rem installer adds this folder to the PATH. It runs resources\cli with the Node.js on the PATH:
rem the app's own binary cannot, as its RunAsNode fuse is off.
setlocal
node "%~dp0..\cli\flipdrop.js" %*
rem 9009: cmd found no node to run.
if %ERRORLEVEL% equ 9009 (
  echo flipdrop: needs Node.js 20.19 or newer on the PATH ^(https://nodejs.org^). 1>&2
  exit /b 1
)
exit /b %ERRORLEVEL%

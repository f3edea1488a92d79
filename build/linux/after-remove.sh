#!/bin/bash
# FlipDrop's deb post-removal script (deb.afterRemove in electron-builder.yml), in place of
# electron-builder's templates/linux/after-remove.tpl: undoes build/linux/after-install.sh.
# dpkg also runs it before an upgrade's new after-install, which puts both back. Macros as there.

app='/opt/${sanitizedProductName}'

# Only our link: never a flipdrop that something else put there.
if [ "$(readlink /usr/bin/flipdrop)" = "$app/resources/bin/flipdrop" ]; then
  rm -f /usr/bin/flipdrop
fi

profile='/etc/apparmor.d/${executable}'
if [ -f "$profile" ]; then
  # Unload it first, so the kernel does not keep enforcing it until the next boot.
  if apparmor_status --enabled >/dev/null 2>&1 && ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; } && command -v apparmor_parser >/dev/null 2>&1; then
    apparmor_parser --remove "$profile" || true
  fi
  rm -f "$profile"
fi

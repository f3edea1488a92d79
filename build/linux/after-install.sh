#!/bin/bash
# FlipDrop's deb post-install script (deb.afterInstall in electron-builder.yml), in place of
# electron-builder's templates/linux/after-install.tpl. electron-builder fills in the two macros
# written with braces (executable, sanitizedProductName); every shell variable here is written
# without braces, since electron-builder would take any other braced name for an unknown macro.
#
# The difference from electron-builder's script: /usr/bin/flipdrop is the command (resources/bin),
# as VS Code's deb links /usr/bin/code to its bin/code; the app keeps its own path, which the
# desktop entry runs. The sandbox and AppArmor steps do what electron-builder's do
# (test/build/install-scripts.test.ts holds them to its template).

app='/opt/${sanitizedProductName}'

ln -sf "$app/resources/bin/flipdrop" /usr/bin/flipdrop

# Chromium's sandbox: user namespaces where this kernel has them; otherwise the setuid helper.
if [ -L /proc/self/ns/user ] && unshare --user true; then
  chmod 0755 "$app/chrome-sandbox" || true
else
  chmod 4755 "$app/chrome-sandbox" || true
fi

# PDFs in "Open With" (the desktop entry's MimeType).
if command -v update-mime-database >/dev/null 2>&1; then
  update-mime-database /usr/share/mime || true
fi
if command -v update-desktop-database >/dev/null 2>&1; then
  update-desktop-database /usr/share/applications || true
fi

# Ubuntu 23.10 and later allow unprivileged user namespaces only to programs whose AppArmor
# profile says "userns": install the profile electron-builder generated for the app
# (resources/apparmor-profile), where this AppArmor can parse it (it needs abi 4.0), and load it
# unless this is a chroot (an image being prepared).
if apparmor_status --enabled >/dev/null 2>&1; then
  profile='/etc/apparmor.d/${executable}'
  if apparmor_parser --skip-kernel-load --debug "$app/resources/apparmor-profile" >/dev/null 2>&1; then
    cp -f "$app/resources/apparmor-profile" "$profile"
    if ! { [ -x /usr/bin/ischroot ] && /usr/bin/ischroot; } && command -v apparmor_parser >/dev/null 2>&1; then
      apparmor_parser --replace --write-cache --skip-read-cache "$profile"
    fi
  else
    echo "FlipDrop: this AppArmor cannot parse the app's profile; it is not installed."
  fi
fi

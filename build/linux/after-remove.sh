#!/bin/sh
# .deb post-remove: the journal in /var/lib/baccarat-kiosk is kept (it is the audit record).
set -e
systemctl disable baccarat-kiosk.service >/dev/null 2>&1 || true
rm -f /lib/systemd/system/baccarat-kiosk.service /lib/udev/rules.d/99-baccarat-kiosk.rules
systemctl daemon-reload >/dev/null 2>&1 || true

#!/bin/sh
# .deb post-install: kiosk user, udev rules, systemd unit (enabled but not started).
set -e
getent group kiosk >/dev/null || groupadd --system kiosk
getent passwd kiosk >/dev/null || useradd --system --gid kiosk --groups dialout,video,input,render --home-dir /var/lib/baccarat-kiosk --shell /usr/sbin/nologin kiosk
RES="/opt/Baccarat Kiosk/resources/linux"
install -m 0644 "$RES/99-baccarat-kiosk.rules" /lib/udev/rules.d/99-baccarat-kiosk.rules
install -m 0644 "$RES/baccarat-kiosk.service" /lib/systemd/system/baccarat-kiosk.service
udevadm control --reload-rules >/dev/null 2>&1 || true
udevadm trigger --subsystem-match=tty >/dev/null 2>&1 || true
systemctl daemon-reload >/dev/null 2>&1 || true
systemctl enable baccarat-kiosk.service >/dev/null 2>&1 || true

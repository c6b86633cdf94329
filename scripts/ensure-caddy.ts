/**
 * The deployment test (e2e/deploy.spec.ts) runs deploy/Caddyfile in Debian's
 * Caddy, the one README "Going live" installs. This makes sure it is there,
 * as ensure-chromium.ts does for Chromium: installs the Debian package when
 * running as root on a Debian-like system, otherwise explains how and fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CADDY_PATH } from '../e2e/support/caddy.ts';

function install(): boolean {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log('Caddy is missing: installing the Debian package "caddy"…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'caddy'], { stdio: 'inherit', env });
  return existsSync(CADDY_PATH);
}

if (!existsSync(CADDY_PATH) && !install()) {
  console.error(
    `Caddy not found at ${CADDY_PATH}. Install it (Debian/Ubuntu: "sudo apt-get install caddy")` +
      ' or set CADDY_PATH to a Caddy 2 binary, then run the tests again.',
  );
  process.exit(1);
}

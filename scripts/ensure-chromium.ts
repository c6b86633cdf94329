/**
 * Browser tests drive Debian's Chromium (never a downloaded browser). This
 * makes sure it is there: installs the Debian package when running as root on
 * a Debian-like system, otherwise explains how and fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH } from '../e2e/chromium.ts';

function install(): boolean {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log('Chromium is missing: installing the Debian package "chromium"…');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
  return existsSync(CHROMIUM_PATH);
}

if (!existsSync(CHROMIUM_PATH) && !install()) {
  console.error(
    `Chromium not found at ${CHROMIUM_PATH}. Install it (Debian/Ubuntu: "sudo apt-get install chromium")` +
      ' or set CHROMIUM_PATH to a Chromium binary, then run the tests again.',
  );
  process.exit(1);
}

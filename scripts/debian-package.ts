/**
 * What the tests run that npm cannot install: a program from Debian's
 * packages (Chromium for the browser tests, Caddy for the deployment test).
 * Installs the package when it is missing and we run as root on a
 * Debian-like system, as on a fresh CI machine; otherwise explains how and
 * exits with 1.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export function ensureDebianPackage(program: {
  /** As people call it: "Chromium". */
  name: string;
  /** Debian's package name. */
  debianPackage: string;
  /** Where the tests look for it. */
  path: string;
  /** The environment variable that points the tests at another binary. */
  pathVariable: string;
}): void {
  if (existsSync(program.path) || install(program)) return;
  console.error(
    `${program.name} not found at ${program.path}. Install it (Debian/Ubuntu: "sudo apt-get install ${program.debianPackage}")` +
      ` or set ${program.pathVariable} to another binary, then run the tests again.`,
  );
  process.exit(1);
}

function install({ name, debianPackage, path }: Parameters<typeof ensureDebianPackage>[0]) {
  const isRoot = process.getuid?.() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  console.log(`${name} is missing: installing the Debian package "${debianPackage}"…`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', debianPackage], { stdio: 'inherit', env });
  return existsSync(path);
}

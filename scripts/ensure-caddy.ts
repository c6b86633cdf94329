/**
 * The deployment test (e2e/deploy.spec.ts) runs deploy/Caddyfile in Debian's
 * Caddy, the one README "Going live" installs: make sure it is there.
 */
import { CADDY_PATH } from '../e2e/support/caddy.ts';
import { ensureDebianPackage } from './debian-package.ts';

ensureDebianPackage({
  name: 'Caddy',
  debianPackage: 'caddy',
  path: CADDY_PATH,
  pathVariable: 'CADDY_PATH',
});

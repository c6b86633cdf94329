/** Browser tests drive Debian's Chromium, never a downloaded browser: make sure it is there. */
import { CHROMIUM_PATH } from '../e2e/chromium.ts';
import { ensureDebianPackage } from './debian-package.ts';

ensureDebianPackage({
  name: 'Chromium',
  debianPackage: 'chromium',
  path: CHROMIUM_PATH,
  pathVariable: 'CHROMIUM_PATH',
});

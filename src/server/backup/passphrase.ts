import { readFileSync } from 'node:fs';

/**
 * The passphrase of an encrypted backup or archive (encryption.ts), for
 * `npm run backup|export|import|restore`: `--passphrase-file FILE` (its
 * content, so that the passphrase is never on a command line, where `ps`
 * shows it), else BACKUP_PASSPHRASE, which the daily backup uses too.
 * Leading and trailing white space is not part of it (a file's last newline).
 */

/**
 * The shortest passphrase taken: the file's key is only as strong as the
 * passphrase (scrypt slows each guess, it does not make a short one safe).
 */
export const PASSPHRASE_MIN_LENGTH = 12;

/** Why `passphrase` is too short to encrypt or open a backup with, or null. */
export function passphraseTooShort(passphrase: string): string | null {
  return [...passphrase].length < PASSPHRASE_MIN_LENGTH
    ? `must be at least ${PASSPHRASE_MIN_LENGTH} characters long`
    : null;
}

/** `args` without `--passphrase-file FILE`, and FILE; or why the option is wrong. */
export function passphraseOption(
  args: string[],
): { args: string[]; file: string | undefined } | { error: string } {
  const at = args.indexOf('--passphrase-file');
  if (at === -1) return { args, file: undefined };
  const file = args[at + 1];
  if (file === undefined || file.startsWith('--')) {
    return { error: '--passphrase-file needs the name of the file that holds the passphrase' };
  }
  return { args: [...args.slice(0, at), ...args.slice(at + 2)], file };
}

/** The passphrase from `file` if given, else from the environment's BACKUP_PASSPHRASE; undefined: none. */
export function readPassphrase(
  file: string | undefined,
  fromEnvironment: string | undefined,
): { passphrase: string | undefined } | { error: string } {
  if (file === undefined) return { passphrase: fromEnvironment };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    return {
      error: `cannot read the passphrase file ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
    };
  }
  const passphrase = text.trim();
  if (passphrase === '') return { error: `the passphrase file ${file} is empty` };
  const short = passphraseTooShort(passphrase);
  if (short !== null) return { error: `the passphrase in ${file} ${short}` };
  return { passphrase };
}

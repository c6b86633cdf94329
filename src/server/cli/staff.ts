/**
 * `npm run staff -- add --email E --first-name F --last-name L [--role owner|staff] [--username U] [--password P]`
 * `npm run staff -- list` · `npm run staff -- remove --email E`
 * `npm run staff -- set-role --email E --role owner|staff`
 *
 * Staff accounts from the command line: the only way to create the first one
 * (no default account exists). Without --role the first account of a
 * database is an owner and later ones are staff. Uses DATABASE_URL like the
 * server. Without --password it asks for it, without echoing.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { email as emailSchema, newPassword } from '../../shared/schemas/auth.ts';
import { role as roleSchema, ROLE_LABELS, type Role } from '../../shared/schemas/staff.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/database.ts';
import { StaffAccounts, STAFF_REFUSAL_TEXTS, usernameFor } from '../services/staff-accounts.ts';

const USAGE = `Usage:
  npm run staff -- add --email E --first-name F --last-name L [--role owner|staff] [--username U] [--password P]
  npm run staff -- list
  npm run staff -- remove --email E
  npm run staff -- set-role --email E --role owner|staff`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

async function askPassword(): Promise<string> {
  if (!process.stdin.isTTY) fail('No terminal to ask for the password: pass --password.');
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const ask = (question: string) =>
    new Promise<string>((resolve) => {
      process.stdout.write(question);
      // Print nothing of what is typed.
      (rl as unknown as { _writeToOutput: (text: string) => void })._writeToOutput = () => {};
      rl.question('', (answer) => {
        process.stdout.write('\n');
        resolve(answer);
      });
    });
  const first = await ask('Password: ');
  const second = await ask('Repeat the password: ');
  rl.close();
  if (first !== second) fail('The passwords do not match.');
  return first;
}

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: 'string' },
    'first-name': { type: 'string' },
    'last-name': { type: 'string' },
    username: { type: 'string' },
    password: { type: 'string' },
    role: { type: 'string' },
  },
});

const config = loadConfig();
const command = positionals[0];
if (!['add', 'list', 'remove', 'set-role'].includes(command ?? '')) fail(USAGE);

/** --email, checked as the API checks it (add and remove need one). */
function emailOption(): string {
  const email = emailSchema.safeParse(values.email);
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message}\n${USAGE}`);
  return email.data;
}

/** --role, when given (set-role needs one). */
function roleOption(): Role | undefined {
  if (values.role === undefined) return undefined;
  const role = roleSchema.safeParse(values.role);
  if (!role.success) fail(`--role must be owner or staff.\n${USAGE}`);
  return role.data;
}

const database = await openDatabase(config.DATABASE_URL);
const accounts = new StaffAccounts(database);
try {
  if (command === 'list') {
    const staff = await accounts.list();
    if (staff.length === 0) console.log('No staff accounts yet.');
    for (const member of staff) {
      console.log(
        `${member.email}\t${member.role} (${ROLE_LABELS[member.role]})\t${member.username}\t${member.firstName} ${member.lastName}`,
      );
    }
  } else if (command === 'remove') {
    const email = emailOption();
    const outcome = await accounts.removeByEmail(email);
    if (outcome === 'not-found') fail(`No account for ${email}.`);
    if (outcome === 'last-owner')
      fail(`${email} is the last owner: make another account owner first.`);
    console.log(`Removed ${email}.`);
  } else if (command === 'set-role') {
    const email = emailOption();
    const role = roleOption() ?? fail(`--role is required.\n${USAGE}`);
    const outcome = await accounts.setRoleByEmail(email, role);
    if (outcome === 'not-found') fail(`No account for ${email}.`);
    if (outcome === 'last-owner')
      fail(`${email} is the last owner: make another account owner first.`);
    console.log(`${email} is now ${role}.`);
  } else {
    const email = emailOption();
    const firstName = values['first-name']?.trim();
    const lastName = values['last-name']?.trim();
    if (!firstName || !lastName) fail(`--first-name and --last-name are required.\n${USAGE}`);
    const password = newPassword.safeParse(values.password ?? (await askPassword()));
    if (!password.success) fail(`Password: ${password.error.issues[0]?.message}`);
    const role = roleOption();
    const result = await accounts.create({
      ...(role ? { role } : {}),
      email,
      username: values.username?.trim() || (await usernameFor(database.db, email)),
      firstName,
      lastName,
      password: password.data,
    });
    if (!result.ok) fail(STAFF_REFUSAL_TEXTS[result.reason]);
    console.log(`Created the ${result.role} account ${email}. Log in at /login.`);
  }
} finally {
  await database.close();
}

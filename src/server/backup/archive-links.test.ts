import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseDatabaseUrl } from '../db/dialect.ts';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../testing/app.ts';
import { exportArchive } from './archive.ts';
import { takeBackup } from './backup.ts';

// docs/security.md item 50: an archive or a backup lies about for years; it
// holds no reset, invitation or setup link, nor the rows (their tokens' hashes) that
// would make a mailed link work again once restored.
let harness: Awaited<ReturnType<typeof testApp>> | undefined;
let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'archive-links-'));
});
afterEach(async () => {
  await harness?.close();
  rmSync(dir, { recursive: true, force: true });
});

const OWNER = 'anna@trattoria.example';
const tokenIn = (text: string) => /[?&]token=([\w-]+)/.exec(text)?.[1];

it('an export and a backup hold no reset, invitation or setup link, nor their rows', async () => {
  // SMTP down: both mails wait in the outbox, holding their links.
  harness = await testApp(
    { SMTP_URL: 'smtp://127.0.0.1:9', MAIL_FROM: 'x@trattoria.example' },
    { pages: false },
  );
  const { app, database } = harness;
  await app.outbox.stop();
  // The first owner's setup link, issued at a start before any account existed: its row stays.
  const setupLink = (await app.firstOwnerSetup.issue())!.url;
  await createStaff(app, { role: 'owner' });
  const ownerToken = await login(app, OWNER, STAFF_PASSWORD, '10.7.0.1');
  await app.inject({
    method: 'POST',
    url: '/api/auth/send-email',
    payload: { email: OWNER },
    remoteAddress: '10.7.0.2',
  });
  const invited = await app.inject({
    method: 'POST',
    url: '/api/staff/invitations',
    payload: {
      email: 'marco@trattoria.example',
      firstName: 'Marco',
      lastName: 'Bianchi',
      role: 'staff',
    },
    headers: { authorization: `Bearer ${ownerToken}` },
    remoteAddress: '10.7.0.3',
  });
  expect(invited.statusCode).toBe(201);
  const linked = () =>
    app.db
      .selectFrom('outbox')
      .select('secret_link')
      .where('secret_link', 'is not', null)
      .execute();
  await expect.poll(async () => (await linked()).length).toBe(2);
  const tokens = [
    ...(await linked()).map((row) => tokenIn(row.secret_link!)!),
    tokenIn(setupLink)!,
  ];
  const hashes = [
    ...(await app.db.selectFrom('password_resets').select('token_hash').execute()),
    ...(await app.db.selectFrom('staff_invitations').select('token_hash').execute()),
    ...(await app.db.selectFrom('setup_token').select('token_hash').execute()),
  ].map((row) => row.token_hash);
  expect(hashes).toHaveLength(3);

  const exported = join(dir, 'restaurant.archive');
  await exportArchive(app.db, database.dialect, exported);
  const target = parseDatabaseUrl(database.url);
  const { file } = await takeBackup(
    target.dialect === 'sqlite' ? target : { dialect: 'postgres', db: app.db },
    dir,
    Date.now(),
  );
  const backup = readFileSync(join(dir, file));
  const contents = {
    export: gunzipSync(readFileSync(exported)).toString('latin1'),
    // The SQLite copy's bytes as they are: a row on a freed page would show.
    backup: (target.dialect === 'sqlite' ? backup : gunzipSync(backup)).toString('latin1'),
  };
  for (const [name, text] of Object.entries(contents)) {
    expect(text, name).toContain(OWNER);
    for (const secret of [...tokens, ...hashes]) expect(text, name).not.toContain(secret);
  }
});

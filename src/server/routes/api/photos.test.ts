import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterEach, describe, expect, it } from 'vitest';
import { createStaff, login, STAFF_PASSWORD, testApp } from '../../testing/app.ts';
import { startFakeDeepL, type FakeTranslator } from '../../testing/fake-translators.ts';
import type { PhotoTranslationsAnswer, PhotoView } from '../../../shared/schemas/photos.ts';
import { photoWork, withPhotoDecodeSlot } from '../../services/photos/encode.ts';

// The photo slots (docs/api.md, "Photos"; docs/security.md item 45): every
// call and refusal, on pictures made here with sharp (no binary fixtures).
let harness: Awaited<ReturnType<typeof testApp>>;
let token: string;
let fake: FakeTranslator | undefined;

async function start(env: Record<string, string> = {}, pages = false) {
  harness = await testApp(env, { pages });
  await createStaff(harness.app);
  token = await login(harness.app);
}
afterEach(async () => {
  await harness.close();
  await fake?.close();
  fake = undefined;
});

const auth = () => ({ authorization: `Bearer ${token}` });
const ALT = 'La terrazza al tramonto';

function upload(
  body: Buffer,
  {
    slot = 'hero',
    alt = ALT,
    type = 'image/jpeg',
    headers = auth() as Record<string, string>,
  } = {},
) {
  const query = alt === '' ? '' : `?alt=${encodeURIComponent(alt)}`;
  return harness.app.inject({
    method: 'PUT',
    url: `/api/photos/${slot}${query}`,
    payload: body,
    headers: { ...headers, 'content-type': type },
  });
}
const send = (method: 'PATCH' | 'DELETE' | 'PUT' | 'GET' | 'POST', url: string, payload?: object) =>
  harness.app.inject({ method, url, headers: auth(), ...(payload ? { payload } : {}) });
const list = async (lang?: string) =>
  (
    await harness.app.inject({ method: 'GET', url: `/api/photos${lang ? `?lang=${lang}` : ''}` })
  ).json<PhotoView[]>();
const slotOf = async (slot: string, lang?: string) =>
  (await list(lang)).find((view) => view.slot === slot);
const stored = () => harness.app.db.selectFrom('photos').selectAll().execute();
const storedFiles = () =>
  harness.app.db.selectFrom('image_files').select(['owner', 'name']).execute();

/** A photo as a phone makes one: noise, so that it compresses like a picture. */
async function photo(width: number, height: number) {
  const pixels = Buffer.alloc(width * height * 3);
  for (let i = 0; i < pixels.length; i += 1) pixels[i] = (i * 7919) % 251;
  return sharp(pixels, { raw: { width, height, channels: 3 } });
}
const jpeg = async (width = 1200, height = 800) => (await photo(width, height)).jpeg().toBuffer();

/** The files a view's sources name, fetched as a visitor would. */
function fileUrls(view: PhotoView): string[] {
  return view.sources.flatMap((source) =>
    source.srcset.split(', ').map((entry) => entry.split(' ')[0]!),
  );
}
const fetchFile = (url: string) => harness.app.inject({ method: 'GET', url });

describe('PUT /api/photos/{slot}', () => {
  it('makes AVIF, WebP and JPEG at the slot widths, never wider than the upload, and answers the slot', async () => {
    await start();
    const response = await upload(await jpeg(1200, 800));
    expect(response.statusCode).toBe(200);
    const view = response.json<PhotoView>();
    expect(view).toMatchObject({
      slot: 'hero',
      custom: true,
      alt: ALT,
      focus: { x: 0.5, y: 0.5 },
      width: 1200,
      height: 800,
    });
    expect(view.sources.map((source) => source.type)).toEqual([
      'image/avif',
      'image/webp',
      'image/jpeg',
    ]);
    for (const source of view.sources) {
      // The hero's widths are 480, 960 and 1600: 1600 becomes the upload's 1200.
      expect(source.srcset).toMatch(
        /^\/photos\/[0-9a-f]{24}\.\w+ 480w, \/photos\/[0-9a-f]{24}\.\w+ 960w, \/photos\/[0-9a-f]{24}\.\w+ 1200w$/,
      );
    }
    expect(await slotOf('hero')).toEqual(view);
  });

  it('serves the files under content-hashed names, immutable, with their true type and nosniff, from memory after the first request', async () => {
    await start();
    const view = (await upload(await jpeg())).json<PhotoView>();
    const types = { avif: 'image/avif', webp: 'image/webp', jpg: 'image/jpeg' };
    for (const url of fileUrls(view)) {
      const response = await fetchFile(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe(types[url.split('.').pop() as 'jpg']);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
    const url = fileUrls(view)[0]!;
    const first = await fetchFile(url);
    // Gone from the database, still served: the bytes behind a name never change.
    await harness.app.db.deleteFrom('image_files').execute();
    const again = await fetchFile(url);
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    for (const unknown of [
      '/photos/0123456789abcdef01234567.avif',
      '/photos/..%2Fpackage.json',
      '/photos/hero.svg',
    ]) {
      expect((await fetchFile(unknown)).statusCode, unknown).toBe(404);
    }
  });

  it('keeps no metadata: a JPEG with GPS tags, a colour profile and XMP is served without any', async () => {
    await start();
    const tagged = await (
      await photo(900, 600)
    )
      .withExifMerge({
        IFD0: { Make: 'Phone', Model: 'Camera' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 4/1 16/1' },
      })
      .withIccProfile('p3')
      .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF/></x:xmpmeta>')
      .jpeg()
      .toBuffer();
    const before = await sharp(tagged).metadata();
    expect(before.exif).toBeDefined();
    expect(before.icc).toBeDefined();
    const view = (await upload(tagged)).json<PhotoView>();
    const stored = await harness.app.db.selectFrom('image_files').select('bytes').execute();
    // 480 wide, and the upload's own 900 for the 960 and 1600 of the hero: two widths, three formats.
    expect(stored).toHaveLength(6);
    for (const url of fileUrls(view)) {
      const meta = await sharp((await fetchFile(url)).rawPayload).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.icc, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
    }
  });

  it('turns a phone photo upright (EXIF orientation 6): width and height swap', async () => {
    await start();
    const sideways = await (
      await photo(600, 400)
    )
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const view = (await upload(sideways)).json<PhotoView>();
    expect([view.width, view.height]).toEqual([400, 600]);
    const largest = view.sources[2]!.srcset.split(', ').at(-1)!.split(' ')[0]!;
    const meta = await sharp((await fetchFile(largest)).rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([400, 600, undefined]);
  });

  it('takes PNG, WebP and AVIF too, recognised by their bytes', async () => {
    await start();
    for (const [type, bytes] of [
      ['image/png', await (await photo(300, 300)).png().toBuffer()],
      ['image/webp', await (await photo(300, 300)).webp().toBuffer()],
      ['image/avif', await (await photo(300, 300)).avif().toBuffer()],
      // The declared type does not decide: a PNG sent as JPEG is a PNG.
      ['image/jpeg', await (await photo(300, 300)).png().toBuffer()],
    ] as const) {
      const response = await upload(bytes, { slot: 'grid-1', type });
      expect(response.statusCode, type).toBe(200);
      expect(response.json<PhotoView>().width).toBe(300);
    }
  });

  it('refuses an SVG with a script, a truncated file, a 100-megapixel bomb, HEIC and what is no picture, changing nothing', async () => {
    await start();
    await upload(await jpeg());
    const before = { rows: await stored(), files: await storedFiles() };
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    const whole = await jpeg(1000, 800);
    // A 1×1 PNG whose header claims 10 000 × 10 000 pixels (its CRC fixed): never decoded.
    const bomb = await sharp({
      create: { width: 1, height: 1, channels: 3, background: '#000' },
    })
      .png()
      .toBuffer();
    bomb.writeUInt32BE(10_000, 16);
    bomb.writeUInt32BE(10_000, 20);
    bomb.writeUInt32BE(crc32(bomb.subarray(12, 29)), 29);
    // An iPhone's HEIC starts with an `ftyp` box of brand `heic`.
    const heic = Buffer.concat([
      Buffer.from([0, 0, 0, 24]),
      Buffer.from('ftypheic\0\0\0\0mif1heic', 'latin1'),
      Buffer.alloc(64),
    ]);
    const cases = [
      ['svg as svg', svg, 'image/svg+xml', 'unsupported-image'],
      ['svg as png', svg, 'image/png', 'unsupported-image'],
      [
        'truncated',
        whole.subarray(0, Math.floor(whole.length * 0.6)),
        'image/jpeg',
        'damaged-image',
      ],
      ['bomb', bomb, 'image/png', 'image-too-large'],
      ['heic', heic, 'image/jpeg', 'heic-not-supported'],
      [
        'gif',
        await sharp(await jpeg(20, 20))
          .gif()
          .toBuffer(),
        'image/gif',
        'unsupported-image',
      ],
      ['text', Buffer.from('just words'), 'image/jpeg', 'unsupported-image'],
      ['empty', Buffer.alloc(0), 'image/jpeg', 'unsupported-image'],
    ] as const;
    for (const [name, body, type, code] of cases) {
      const startedAt = performance.now();
      const response = await upload(body, { type });
      expect(response.statusCode, name).toBe(400);
      expect(response.json().errors[0], name).toMatchObject({ code });
      expect(response.json().errors[0].description, name).toMatch(/\w/);
      if (name === 'bomb') expect(performance.now() - startedAt).toBeLessThan(1_000);
    }
    expect({ rows: await stored(), files: await storedFiles() }).toEqual(before);
  });

  it('refuses a body over 20 MB with 413, a JSON or text body with 400, an unknown type with 415', async () => {
    await start();
    const big = await upload(Buffer.alloc(21 * 1024 * 1024));
    expect(big.statusCode).toBe(413);
    const json = await harness.app.inject({
      method: 'PUT',
      url: `/api/photos/hero?alt=x`,
      payload: { picture: 'no' },
      headers: auth(),
    });
    expect(json.statusCode).toBe(400);
    const text = await upload(Buffer.from('x'), { type: 'text/plain' });
    expect(text.statusCode).toBe(400);
    const octets = await upload(await jpeg(100, 100), { type: 'application/octet-stream' });
    expect(octets.statusCode).toBe(415);
    expect(await stored()).toEqual([]);
  });

  it('decodes at most two uploads at once: a third waits its turn, then is made like the others', async () => {
    await start();
    const pictures = await Promise.all([jpeg(1600, 1200), jpeg(1400, 1000), jpeg(1200, 900)]);
    const answers = await Promise.all(
      pictures.map((picture, i) => upload(picture, { slot: `grid-${i + 1}` })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(photoWork()).toMatchObject({ running: 0, waiting: 0, mostRunning: 2, mostWaiting: 1 });
    expect(await stored()).toHaveLength(3);
  });

  it('lets at most four uploads wait for a decoding slot: the next ones are 503 with Retry-After, and nothing of theirs is stored', async () => {
    await start();
    const picture = await jpeg(400, 300);
    // Both slots held until the test lets them go.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const holders = [withPhotoDecodeSlot(() => held), withPhotoDecodeSlot(() => held)];
    const slots = ['grid-1', 'grid-2', 'grid-3', 'grid-4', 'grid-5', 'grid-6', 'location'];
    // Settles once `count` of the uploads have their answer.
    let answered = 0;
    let enough = () => {};
    const threeAnswered = new Promise<void>((resolve) => (enough = resolve));
    const uploads = slots.map((slot) =>
      upload(picture, { slot }).finally(() => {
        answered += 1;
        if (answered === 3) enough();
      }),
    );
    await threeAnswered;
    expect(photoWork()).toMatchObject({ running: 2, waiting: 4 });
    release();
    await Promise.all(holders);
    const answers = await Promise.all(uploads);
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.toSorted()).toEqual([200, 200, 200, 200, 503, 503, 503]);
    for (const busy of answers.filter((answer) => answer.statusCode === 503)) {
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      expect(busy.json()).toEqual({ message: expect.any(String) });
    }
    const made = slots.filter((_, i) => statuses[i] === 200).toSorted();
    expect((await stored()).map((row) => row.slot).toSorted()).toEqual(made);
  });

  it('wants an Italian alt text of 1-300 characters on one line', async () => {
    await start();
    const picture = await jpeg(200, 200);
    for (const alt of ['', ' ', 'a'.repeat(301), 'due\nrighe']) {
      const response = await upload(picture, { alt });
      expect(response.statusCode, JSON.stringify(alt)).toBe(400);
      expect(response.json().errors).toHaveProperty('alt');
    }
    expect((await upload(picture, { alt: 'a'.repeat(300) })).statusCode).toBe(200);
  });

  it('unknown slots are 404, a section that does not exist included', async () => {
    await start();
    const picture = await jpeg(200, 200);
    for (const slot of ['nope', 'gallery-6', 'section-0', 'section-999999', 'HERO', 'section-1x']) {
      const response = await upload(picture, { slot });
      expect(response.statusCode, slot).toBe(404);
    }
    const sectionId = (await harness.app.menu.view('it')).sections[0]!.id;
    expect((await upload(picture, { slot: `section-${sectionId}` })).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it('needs a staff bearer token (owners and staff alike)', async () => {
    await start();
    const picture = await jpeg(200, 200);
    expect((await upload(picture, { headers: {} })).statusCode).toBe(401);
    expect((await upload(picture, { headers: { authorization: 'Bearer nope' } })).statusCode).toBe(
      401,
    );
    for (const [method, url] of [
      ['PATCH', '/api/photos/hero'],
      ['DELETE', '/api/photos/hero'],
      ['GET', '/api/photos/hero/translations'],
      ['PUT', '/api/photos/hero/translations/de'],
      ['DELETE', '/api/photos/hero/translations/de'],
    ] as const) {
      // Valid bodies: the token is what is missing.
      const payload = { PUT: { alt: 'x', italian: { alt: 'y' } }, PATCH: { alt: 'x' } };
      const body = method === 'PUT' || method === 'PATCH' ? payload[method] : undefined;
      const response = await harness.app.inject({
        method,
        url,
        ...(body ? { payload: body } : {}),
      });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
    await createStaff(harness.app, {
      email: 'bea@trattoria.example',
      username: 'bea',
      role: 'staff',
    });
    token = await login(harness.app, 'bea@trattoria.example', STAFF_PASSWORD, '10.0.0.9');
    expect((await upload(picture)).statusCode).toBe(200);
    expect(await stored()).toHaveLength(1);
  });

  it('a new upload replaces the slot’s files; the audit log names every change', async () => {
    await start();
    const first = (await upload(await jpeg(800, 600))).json<PhotoView>();
    const second = (await upload(await jpeg(640, 480), { alt: 'Il forno' })).json<PhotoView>();
    const files = await storedFiles();
    expect(new Set(files.map((file) => file.name))).toEqual(
      new Set(fileUrls(second).map((u) => u.slice(8))),
    );
    expect(fileUrls(first).some((url) => files.some((file) => url.endsWith(file.name)))).toBe(
      false,
    );
    await send('PATCH', '/api/photos/hero', { focus: { x: 0.2, y: 0.9 } });
    await send('DELETE', '/api/photos/hero');
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select(['action', 'target', 'actor_email'])
      .where('action', 'like', 'photo.%')
      .orderBy('id')
      .execute();
    expect(audit.map((entry) => [entry.action, entry.target])).toEqual([
      ['photo.upload', 'photo:hero'],
      ['photo.upload', 'photo:hero'],
      ['photo.update', 'photo:hero'],
      ['photo.reset', 'photo:hero'],
    ]);
    expect(audit.every((entry) => entry.actor_email === 'anna@trattoria.example')).toBe(true);
  });
});

describe('PATCH and DELETE /api/photos/{slot}', () => {
  it('PATCH changes the focus and the alt text only', async () => {
    await start();
    const uploaded = (await upload(await jpeg())).json<PhotoView>();
    const focus = await send('PATCH', '/api/photos/hero', { focus: { x: 0.25, y: 0.75 } });
    expect(focus.statusCode).toBe(200);
    expect(focus.json()).toEqual({ ...uploaded, focus: { x: 0.25, y: 0.75 } });
    const alt = await send('PATCH', '/api/photos/hero', { alt: 'Il golfo' });
    expect(alt.json()).toEqual({ ...uploaded, alt: 'Il golfo', focus: { x: 0.25, y: 0.75 } });
    for (const bad of [
      { focus: { x: 2, y: 0 } },
      { alt: '' },
      { slot: 'grid-1' },
      { focus: { x: 0.5 } },
    ]) {
      expect((await send('PATCH', '/api/photos/hero', bad)).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    expect((await send('PATCH', '/api/photos/nope', { alt: 'x' })).statusCode).toBe(404);
    // A slot showing its default has nothing to patch.
    expect((await send('PATCH', '/api/photos/grid-2', { alt: 'x' })).statusCode).toBe(404);
  });

  it('DELETE goes back to the default and drops the upload, its files and its translations', async () => {
    await start({}, true);
    const shipped = await slotOf('hero');
    expect(shipped).toMatchObject({ custom: false, width: expect.any(Number) });
    await upload(await jpeg());
    expect((await slotOf('hero'))!.custom).toBe(true);
    const reset = await send('DELETE', '/api/photos/hero');
    expect(reset.statusCode).toBe(204);
    expect(await slotOf('hero')).toEqual(shipped);
    expect(await stored()).toEqual([]);
    expect(await storedFiles()).toEqual([]);
    expect((await send('DELETE', '/api/photos/hero')).statusCode).toBe(204);
    expect((await send('DELETE', '/api/photos/section-999999')).statusCode).toBe(404);
  });
});

describe('a menu section deleted', () => {
  it('takes its card photo with it: the upload, its files and its alt text’s translations', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    const created = await send('POST', '/api/menu/sections', {
      name: 'Crudi',
      placement: 'carousel',
    });
    const id = created.json<{ id: number }>().id;
    await upload(await jpeg(400, 300), { slot: `section-${id}` });
    await upload(await jpeg(400, 300)); // the hero's stays
    await harness.app.textTranslations.refresh();
    const translated = () =>
      harness.app.db
        .selectFrom('text_translations')
        .select('entity_id')
        .where('entity', '=', 'photo')
        .execute();
    expect(await translated()).not.toEqual([]);
    const heroId = (await stored()).find((row) => row.slot === 'hero')!.id;

    expect((await send('DELETE', `/api/menu/sections/${id}`)).statusCode).toBe(204);
    expect((await stored()).map((row) => row.slot)).toEqual(['hero']);
    expect(new Set((await storedFiles()).map((file) => file.owner))).toEqual(new Set(['hero']));
    expect(new Set((await translated()).map((row) => row.entity_id))).toEqual(new Set([heroId]));
    const audit = await harness.app.db
      .selectFrom('audit_log')
      .select('summary')
      .where('action', '=', 'menu.section.delete')
      .execute();
    expect(audit).toEqual([{ summary: 'Sezione «Crudi» eliminata dal menu, con la sua foto.' }]);
    expect((await send('GET', `/api/photos/section-${id}/translations`)).statusCode).toBe(404);
  });
});

describe('GET /api/photos', () => {
  it('lists every slot, the shipped pictures with their alt texts in the asked language', async () => {
    await start({}, true);
    const italian = await list();
    const sections = (await harness.app.menu.view('it')).sections;
    expect(italian.map((view) => view.slot)).toEqual([
      'hero',
      ...[1, 2, 3, 4, 5].map((n) => `gallery-${n}`),
      ...[1, 2, 3, 4, 5, 6].map((n) => `grid-${n}`),
      'location',
      'experience',
      'about-1',
      'about-2',
      'about-3',
      'menu-header',
      ...sections.map((section) => `section-${section.id}`),
    ]);
    expect(italian.every((view) => !view.custom && view.width > 0 && view.height > 0)).toBe(true);
    expect(italian[0]!.alt).toMatch(/terrazza/);
    expect((await list('en'))[0]!.alt).toMatch(/terrace/i);
    expect(italian[0]!.sources[0]!.srcset).toMatch(/^\/assets\/hero-480-\w+\.avif 480w/);
    const bad = await harness.app.inject({ method: 'GET', url: '/api/photos?lang=xx' });
    expect(bad.statusCode).toBe(400);
  });

  it('a section staff add shows the menu header’s picture until it has its own', async () => {
    await start({}, true);
    const created = await send('POST', '/api/menu/sections', {
      name: 'Crudi',
      placement: 'carousel',
    });
    const slot = `section-${created.json().id}`;
    const header = (await slotOf('menu-header'))!;
    expect(await slotOf(slot)).toEqual({ ...header, slot, alt: 'Crudi' });
  });
});

describe('alt text translations', () => {
  it('the machine translates the alt text; staff correct it per language, and take it back', async () => {
    fake = await startFakeDeepL('secret-key');
    await start({ DEEPL_API_KEY: 'secret-key', DEEPL_SERVER_URL: fake.url });
    await upload(await jpeg(300, 200));
    await harness.app.textTranslations.refresh();
    expect((await slotOf('hero', 'de'))!.alt).toBe(`[DE] ${ALT}`);
    const review = await send('GET', '/api/photos/hero/translations');
    expect(review.statusCode).toBe(200);
    expect(review.json<PhotoTranslationsAnswer>().translations[3]).toEqual({
      lang: 'de',
      machine: { alt: `[DE] ${ALT}` },
      staff: null,
      staffStale: false,
    });
    const corrected = await send('PUT', '/api/photos/hero/translations/de', {
      alt: 'Die Terrasse bei Sonnenuntergang',
      italian: { alt: ALT },
    });
    expect(corrected.statusCode).toBe(200);
    expect(corrected.json<PhotoTranslationsAnswer>().translations[3]!.staff).toEqual({
      alt: 'Die Terrasse bei Sonnenuntergang',
    });
    expect((await slotOf('hero', 'de'))!.alt).toBe('Die Terrasse bei Sonnenuntergang');
    const stale = await send('PUT', '/api/photos/hero/translations/de', {
      alt: 'Alt',
      italian: { alt: 'Un altro testo' },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().errors[0].code).toBe('italian-changed');
    const back = await send('DELETE', '/api/photos/hero/translations/de');
    expect(back.json<PhotoTranslationsAnswer>().translations[3]!.staff).toBeNull();
    expect((await slotOf('hero', 'de'))!.alt).toBe(`[DE] ${ALT}`);
    const actions = await harness.app.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'like', 'photo.translation.%')
      .orderBy('id')
      .execute();
    expect(actions.map((entry) => entry.action)).toEqual([
      'photo.translation.update',
      'photo.translation.reset',
    ]);
  });

  it('a slot showing its default has no translations to review; a bad language is 400', async () => {
    await start();
    expect((await send('GET', '/api/photos/hero/translations')).statusCode).toBe(404);
    expect((await send('GET', '/api/photos/nope/translations')).statusCode).toBe(404);
    const put = await send('PUT', '/api/photos/hero/translations/de', {
      alt: 'x',
      italian: { alt: 'y' },
    });
    expect(put.statusCode).toBe(404);
    expect((await send('DELETE', '/api/photos/hero/translations/it')).statusCode).toBe(400);
  });
});

describe('two instances behind one database', () => {
  it('an upload on A is served by B within a second', async () => {
    await start();
    const other = await testApp({}, { pages: false, sharedDatabase: harness.database });
    try {
      await slotOfOn(other.app); // B has read (and keeps) the list before the upload
      const view = (await upload(await jpeg(400, 300))).json<PhotoView>();
      const uploadedAt = Date.now();
      let seen: PhotoView | undefined;
      while (Date.now() - uploadedAt < 1_000) {
        seen = await slotOfOn(other.app);
        if (seen?.custom) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(seen).toEqual(view);
      expect(Date.now() - uploadedAt).toBeLessThan(1_000);
      const file = await other.app.inject({ method: 'GET', url: fileUrls(view)[0]! });
      expect(file.statusCode).toBe(200);
    } finally {
      await other.close();
    }
  });
});

async function slotOfOn(app: typeof harness.app): Promise<PhotoView | undefined> {
  const response = await app.inject({ method: 'GET', url: '/api/photos' });
  return response.json<PhotoView[]>().find((view) => view.slot === 'hero');
}

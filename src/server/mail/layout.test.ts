import { describe, expect, it } from 'vitest';
import { renderMail } from './layout.ts';

describe('the mail layout', () => {
  const typed = 'Anna <b>"O\'Neil"</b> & co';

  it('renders each block once to both parts, typed text escaped in HTML only', () => {
    const mail = renderMail(
      [
        `Ciao ${typed},`,
        { strong: 'Nuova prenotazione' },
        { lines: ['Nome: Anna', 'Note: <niente>'] },
        { lead: 'Un messaggio:', quote: 'riga 1\nriga 2 & <3>' },
        { lead: 'Apri il link:', label: 'Entra', link: 'https://x.example/?a=1&b=2' },
        { label: 'Apri la prenotazione', link: 'https://x.example/p' },
      ],
      { lang: 'it', signature: 'Trattoria <La> Tonnara' },
    );
    expect(mail.text).toBe(
      [
        `Ciao ${typed},`,
        'Nuova prenotazione',
        'Nome: Anna\nNote: <niente>',
        'Un messaggio:\nriga 1\nriga 2 & <3>',
        'Apri il link:\nhttps://x.example/?a=1&b=2',
        'Apri la prenotazione: https://x.example/p',
        'Trattoria <La> Tonnara',
      ].join('\n\n'),
    );
    expect(mail.html).toBe(
      '<!doctype html><html lang="it"><body style="font-family:Arial,sans-serif;line-height:1.5;color:#1d2a30">' +
        '<p>Ciao Anna &lt;b&gt;&quot;O&#39;Neil&quot;&lt;/b&gt; &amp; co,</p>' +
        '<p><strong>Nuova prenotazione</strong></p>' +
        '<p style="white-space:pre-wrap">Nome: Anna<br>Note: &lt;niente&gt;</p>' +
        '<p>Un messaggio:<br><span style="white-space:pre-wrap">riga 1\nriga 2 &amp; &lt;3&gt;</span></p>' +
        '<p>Apri il link:<br><a href="https://x.example/?a=1&amp;b=2">Entra</a></p>' +
        '<p><a href="https://x.example/p">Apri la prenotazione</a></p>' +
        '<p style="color:#4b5b63;font-size:13px">Trattoria &lt;La&gt; Tonnara</p></body></html>',
    );
  });

  it('leaves out the blocks a template gives as false, undefined or empty', () => {
    const mail = renderMail(['Uno', false, undefined, '', 'Due'], { lang: 'de' });
    expect(mail.text).toBe('Uno\n\nDue');
    expect(mail.html).toContain('<html lang="de"><body');
    expect(mail.html).toContain('<p>Uno</p><p>Due</p></body>');
  });

  it('puts schema.org data in the head, where nothing typed can close the script', () => {
    const { html } = renderMail(['Ciao'], { lang: 'en', jsonLd: { name: '</script><b>x' } });
    expect(html).toContain(
      '<head><script type="application/ld+json">{"name":"\\u003c/script>\\u003cb>x"}</script></head>',
    );
  });

  it('draws buttons side by side in HTML, and one "label: address" line each in text', () => {
    const mail = renderMail(
      [
        {
          lead: 'Ci sarai?',
          buttons: [
            { label: 'Ci sarò', link: 'https://x.example/si?t=1&u=2' },
            { label: 'Annulla <subito>', link: 'https://x.example/no' },
          ],
        },
      ],
      { lang: 'it' },
    );
    expect(mail.text).toBe(
      'Ci sarai?\nCi sarò: https://x.example/si?t=1&u=2\nAnnulla <subito>: https://x.example/no',
    );
    expect(mail.html).toMatch(
      /<p>Ci sarai\?<\/p><p><a href="https:\/\/x\.example\/si\?t=1&amp;u=2" style="[^"]+">Ci sarò<\/a> <a href="https:\/\/x\.example\/no" style="[^"]+">Annulla &lt;subito&gt;<\/a><\/p>/,
    );
  });
});

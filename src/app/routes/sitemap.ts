import { LANGUAGES } from '../../shared/languages.ts';
import { appServicesContext } from '../context.ts';
import {
  defaultLanguageUrl,
  EVENTS_PAGE,
  pageUrl,
  PRIVACY_PAGE,
  PUBLIC_PAGES,
  TAKEAWAY_PAGE,
} from '../seo.ts';
import type { Route } from './+types/sitemap';

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Every public page in every language, each with its alternates (/takeaway while takeaway is on), /events and /privacy included. */
export async function loader({ context }: Route.LoaderArgs) {
  const { publicUrl, takeaway } = context.get(appServicesContext);
  const takeawayOn = (await takeaway.calendar()).enabled;
  const pages = [
    ...PUBLIC_PAGES,
    ...(takeawayOn ? [TAKEAWAY_PAGE] : []),
    EVENTS_PAGE,
    PRIVACY_PAGE,
  ];
  const alternates = (path: string) =>
    [
      ...LANGUAGES.map(
        (lang) =>
          `    <xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(pageUrl(publicUrl, path, lang))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(defaultLanguageUrl(publicUrl, path))}"/>`,
    ].join('\n');
  const urls = pages.flatMap(({ path }) =>
    LANGUAGES.map(
      (lang) =>
        `  <url>\n    <loc>${escapeXml(pageUrl(publicUrl, path, lang))}</loc>\n${alternates(path)}\n  </url>`,
    ),
  );
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${urls.join('\n')}
</urlset>
`;
  return new Response(xml, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'max-age=3600' },
  });
}

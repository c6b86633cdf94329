/** The back office's "Testi del sito" section (/dashboard/texts): the page texts staff write. */
export { SiteTextsSection, type SiteTextsData } from './site-texts-section.tsx';
export { fetchSiteTextsReview } from './site-texts-api.ts';

import { useId, useState } from 'react';
import { LANGUAGE_NAMES_IT, LANGUAGES, toLang, type Lang } from '../../../shared/languages.ts';
import type { RestaurantFacts } from '../../../shared/schemas/restaurant.ts';
// One sentence of each language's menu texts, not the whole files: Vite
// exports each key of a JSON file on its own and leaves out what is not imported.
import { scanForMenu as scanIt } from '../../../shared/locales/it/menu.json';
import { scanForMenu as scanEn } from '../../../shared/locales/en/menu.json';
import { scanForMenu as scanFr } from '../../../shared/locales/fr/menu.json';
import { scanForMenu as scanEs } from '../../../shared/locales/es/menu.json';
import { scanForMenu as scanDe } from '../../../shared/locales/de/menu.json';
import { LoadedPanel, type Loading, StaffPanel } from '../../staff/index.ts';
import { PRINT_TEXTS } from './print-texts.ts';

/** "Scan for the menu" in the card's language: guests read it, so it is theirs, not staff's. */
const SCAN_FOR_MENU: Record<Lang, string> = {
  it: scanIt,
  en: scanEn,
  fr: scanFr,
  es: scanEs,
  de: scanDe,
};

/**
 * /dashboard/print: the menu's PDF in each language, and a table card with
 * the QR code of the menu page in the language chosen, which the browser
 * prints alone (staff.css, `@media print`). The PDFs and QR codes are the
 * server's own addresses, made from the database at each request, so
 * nothing here needs refreshing after a menu edit.
 */
export function PrintPage({ facts }: { facts: Loading<RestaurantFacts> }) {
  return (
    <StaffPanel heading="h1" title={PRINT_TEXTS.title} intro={PRINT_TEXTS.intro}>
      <h2 className="staff-panel__subtitle">{PRINT_TEXTS.pdfTitle}</h2>
      <p className="staff-panel__intro">{PRINT_TEXTS.pdfIntro}</p>
      <ul className="staff-print__downloads">
        {LANGUAGES.map((lang) => (
          <li key={lang}>
            <a
              className="staff-button staff-button--ghost"
              href={`/menu.pdf?lng=${lang}`}
              download={`menu-${lang}.pdf`}
              type="application/pdf"
            >
              {PRINT_TEXTS.download(LANGUAGE_NAMES_IT[lang])}
            </a>
          </li>
        ))}
      </ul>

      <h2 className="staff-panel__subtitle">{PRINT_TEXTS.cardsTitle}</h2>
      <p className="staff-panel__intro">{PRINT_TEXTS.cardsIntro}</p>
      <LoadedPanel loading={facts} texts={PRINT_TEXTS}>
        {(loaded) => <TableCards facts={loaded} />}
      </LoadedPanel>
    </StaffPanel>
  );
}

function TableCards({ facts }: { facts: RestaurantFacts }) {
  const id = useId();
  const [lang, setLang] = useState<Lang>('it');
  const language = LANGUAGE_NAMES_IT[lang];
  return (
    <>
      <div className="staff-field staff-print__language">
        <label htmlFor={`${id}-lang`}>{PRINT_TEXTS.cardLanguage}</label>
        <select
          id={`${id}-lang`}
          value={lang}
          onChange={(event) => setLang(toLang(event.target.value) ?? 'it')}
        >
          {LANGUAGES.map((option) => (
            <option key={option} value={option}>
              {LANGUAGE_NAMES_IT[option]}
            </option>
          ))}
        </select>
      </div>
      <figure className="table-card" aria-label={PRINT_TEXTS.preview(language)}>
        <p className="table-card__name">{facts.name}</p>
        <img
          className="table-card__qr"
          src={`/menu-qr.svg?lng=${lang}`}
          alt={PRINT_TEXTS.qrAlt(language)}
          width="240"
          height="240"
        />
        <figcaption className="table-card__scan" lang={lang}>
          {SCAN_FOR_MENU[lang]}
        </figcaption>
      </figure>
      <button type="button" className="staff-button" onClick={() => window.print()}>
        {PRINT_TEXTS.print}
      </button>
    </>
  );
}

import { describe, expect, it } from 'vitest';
import type { MenuView } from '../../shared/schemas/menu.ts';
import type { RestaurantFacts } from '../../shared/schemas/restaurant.ts';
import { inOrder, readPdf } from '../testing/printed.ts';
import { renderMenuPdf } from './menu-pdf.ts';

// The PDF's layout rules, on menus made up for them (the API tests use the seeded one).
const restaurant: RestaurantFacts = {
  name: 'Osteria Œnologica – Straße & Niño',
  phones: { mobile: '+39 333 000 0001', landline: null },
  email: 'osteria@example.org',
  address: {
    street: 'Piazza Duomo 3',
    postalCode: '90133',
    locality: 'Palermo',
    region: 'PA',
    country: 'IT',
  },
  geo: { latitude: 38.1, longitude: 13.3 },
  mapUrl: 'https://maps.example.org/osteria',
  mapEmbedUrl: 'https://maps.example/embed?q=38.1,13.3&z=15',
  social: { instagram: null, facebook: null },
  privacyPolicyUrl: 'https://example.org/privacy',
  foundedYear: 1987,
  priceRange: '€€€',
};

type Item = MenuView['sections'][number]['items'][number];
let nextId = 1;
const dish = (name: string, more: Partial<Item> = {}): Item => ({
  id: nextId++,
  name,
  description: '',
  ingredients: '',
  prices: [{ label: '', amount: '10.00' }],
  allergens: null,
  available: true,
  frozen: false,
  takeaway: true,
  translation: 'staff',
  ...more,
});
const section = (name: string, items: Item[]): MenuView['sections'][number] => ({
  id: nextId++,
  key: null,
  name,
  placement: 'carousel',
  kitchen: 'kitchen',
  items,
});

describe('renderMenuPdf', () => {
  it('prints the letters of five languages, the euro sign and staff typography as text', async () => {
    const menu: MenuView = {
      lang: 'fr',
      sections: [
        section('Entrées « maison »', [
          dish('Œufs brouillés à l’ail', {
            description: 'Crème fraîche, ciboulette — façon grand-mère',
            ingredients: 'œufs, crème, ail',
            prices: [{ label: '', amount: '1234.50' }],
            allergens: ['eggs', 'milk'],
          }),
          dish('Weißwurst mit süßem Senf', { allergens: ['mustard'], frozen: true }),
          dish('Ñoquis de calabaza', { description: 'Niño\u202fcomo\u2007antes', allergens: [] }),
        ]),
        section('Sezione vuota', []),
      ],
    };
    const notes = ['Couvert 3 €', 'Allergies : demandez au personnel.'];
    const bytes = await renderMenuPdf({ lang: 'fr', menu, restaurant, date: '2026-02-01', notes });
    const contents = await readPdf(bytes);
    expect(contents.text).toContain('Osteria Œnologica – Straße & Niño');
    expect(contents.text).toContain('Piazza Duomo 3, 90133 Palermo (PA)');
    expect(contents.text).toContain('Tél. +39 333 000 0001');
    expect(contents.text).toContain('Mis à jour le 1 février 2026');
    expect(contents.text).toContain('Œufs brouillés à l’ail 1234,50 €');
    expect(contents.text).toContain('Crème fraîche, ciboulette — façon grand-mère');
    expect(contents.text).toContain('Allergènes: Œufs, Lait');
    expect(contents.text).toContain('Weißwurst mit süßem Senf * 10,00 € Allergènes: Moutarde');
    expect(contents.text).toContain('Niño como antes');
    expect(contents.text).toContain('Sans allergènes');
    expect(contents.text).toContain('* Produit congelé ou décongelé.');
    // The owner's notes (page texts), as given, after the frozen note.
    expect(inOrder(contents, ['* Produit congelé', ...notes])).toBe(true);
    // Nothing to print under an empty section.
    expect(contents.text).not.toContain('Sezione vuota');
  });

  it('runs over as many A4 pages as it needs, headings kept with their first dish, every page numbered', async () => {
    const long = 'Pomodoro, basilico, mozzarella di bufala, olio extravergine. '.repeat(4);
    const menu: MenuView = {
      lang: 'it',
      sections: Array.from({ length: 6 }, (_, s) =>
        section(
          `Sezione ${s + 1}`,
          Array.from({ length: 14 }, (_, d) =>
            dish(`Piatto ${s + 1}.${d + 1}`, {
              description: long,
              prices: [
                { label: 'piccola', amount: '6' },
                { label: 'grande', amount: '9.5' },
              ],
            }),
          ),
        ),
      ),
    };
    const bytes = await renderMenuPdf({
      lang: 'it',
      menu,
      restaurant,
      date: '2026-07-14',
      notes: ['Coperto 2 €'],
    });
    const contents = await readPdf(bytes);
    expect(contents.pages).toBeGreaterThan(5);
    for (let page = 1; page <= contents.pages; page += 1) {
      expect(contents.text).toContain(
        `Osteria Œnologica – Straße & Niño · Aggiornato al 14 luglio 2026 ${page}/${contents.pages}`,
      );
    }
    const names = menu.sections.flatMap((s) => [s.name, ...s.items.map((item) => item.name)]);
    expect(inOrder(contents, names)).toBe(true);
    // A page never ends on a section's heading: its first dish follows before any footer.
    for (const s of menu.sections) {
      const at = contents.text.indexOf(`${s.name} `);
      expect(contents.text.slice(at, at + 40)).toContain(`${s.items[0]!.name} `);
    }
  });
});

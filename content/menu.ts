/**
 * The restaurant's menu: ten lists in the order of `MenuListId`, each dish named
 * in the five languages of the site. Prices are strings typed as the owner types
 * them ("8", "8,50", "12.00"); pizzas list their toppings as `INGREDIENTS` keys.
 *
 * Pure data, isomorphic: no runtime imports.
 */
import type { Localized } from '../src/shared/languages.ts';

/** Pizza toppings, translated; every key is used by at least one pizza. */
export const INGREDIENTS = {
  tomato: { it: 'pomodoro', en: 'tomato', fr: 'tomate', es: 'tomate', de: 'Tomate' },
  mozzarella: {
    it: 'mozzarella',
    en: 'mozzarella',
    fr: 'mozzarella',
    es: 'mozzarella',
    de: 'Mozzarella',
  },
  cherryTomatoes: {
    it: 'pomodorini',
    en: 'cherry tomatoes',
    fr: 'tomates cerises',
    es: 'tomates cherry',
    de: 'Kirschtomaten',
  },
  sundriedTomatoes: {
    it: 'pomodori secchi',
    en: 'sun-dried tomatoes',
    fr: 'tomates séchées',
    es: 'tomates secos',
    de: 'getrocknete Tomaten',
  },
  buffaloMozzarella: {
    it: 'mozzarella di bufala',
    en: 'buffalo mozzarella',
    fr: 'mozzarella de bufflonne',
    es: 'mozzarella de búfala',
    de: 'Büffelmozzarella',
  },
  burrata: { it: 'burrata', en: 'burrata', fr: 'burrata', es: 'burrata', de: 'Burrata' },
  gorgonzola: {
    it: 'gorgonzola',
    en: 'gorgonzola',
    fr: 'gorgonzola',
    es: 'gorgonzola',
    de: 'Gorgonzola',
  },
  parmesan: {
    it: 'parmigiano',
    en: 'parmesan',
    fr: 'parmesan',
    es: 'parmesano',
    de: 'Parmesan',
  },
  pecorino: { it: 'pecorino', en: 'pecorino', fr: 'pecorino', es: 'pecorino', de: 'Pecorino' },
  ricotta: { it: 'ricotta', en: 'ricotta', fr: 'ricotta', es: 'ricotta', de: 'Ricotta' },
  saltedRicotta: {
    it: 'ricotta salata',
    en: 'salted ricotta',
    fr: 'ricotta salée',
    es: 'ricotta salada',
    de: 'gesalzener Ricotta',
  },
  smokedProvola: {
    it: 'provola affumicata',
    en: 'smoked provola',
    fr: 'provola fumée',
    es: 'provola ahumada',
    de: 'geräucherter Provola',
  },
  caciocavallo: {
    it: 'caciocavallo',
    en: 'caciocavallo',
    fr: 'caciocavallo',
    es: 'caciocavallo',
    de: 'Caciocavallo',
  },
  freshBasil: {
    it: 'basilico fresco',
    en: 'fresh basil',
    fr: 'basilic frais',
    es: 'albahaca fresca',
    de: 'frisches Basilikum',
  },
  oregano: { it: 'origano', en: 'oregano', fr: 'origan', es: 'orégano', de: 'Oregano' },
  wildFennel: {
    it: 'finocchietto selvatico',
    en: 'wild fennel',
    fr: 'fenouil sauvage',
    es: 'hinojo silvestre',
    de: 'wilder Fenchel',
  },
  garlic: { it: 'aglio', en: 'garlic', fr: 'ail', es: 'ajo', de: 'Knoblauch' },
  chilli: { it: 'peperoncino', en: 'chilli', fr: 'piment', es: 'guindilla', de: 'Chili' },
  extraVirginOliveOil: {
    it: "olio extravergine d'oliva",
    en: 'extra virgin olive oil',
    fr: "huile d'olive vierge extra",
    es: 'aceite de oliva virgen extra',
    de: 'natives Olivenöl extra',
  },
  capers: { it: 'capperi', en: 'capers', fr: 'câpres', es: 'alcaparras', de: 'Kapern' },
  olives: { it: 'olive', en: 'olives', fr: 'olives', es: 'aceitunas', de: 'Oliven' },
  onion: { it: 'cipolla', en: 'onion', fr: 'oignon', es: 'cebolla', de: 'Zwiebeln' },
  tropeaOnion: {
    it: 'cipolla rossa di Tropea',
    en: 'Tropea red onion',
    fr: 'oignon rouge de Tropea',
    es: 'cebolla roja de Tropea',
    de: 'rote Tropea-Zwiebeln',
  },
  mushrooms: {
    it: 'funghi',
    en: 'mushrooms',
    fr: 'champignons',
    es: 'champiñones',
    de: 'Champignons',
  },
  porcini: {
    it: 'funghi porcini',
    en: 'porcini mushrooms',
    fr: 'cèpes',
    es: 'boletus',
    de: 'Steinpilze',
  },
  artichokes: {
    it: 'carciofi',
    en: 'artichokes',
    fr: 'artichauts',
    es: 'alcachofas',
    de: 'Artischocken',
  },
  eggplant: {
    it: 'melanzane',
    en: 'aubergine',
    fr: 'aubergines',
    es: 'berenjena',
    de: 'Auberginen',
  },
  friedEggplant: {
    it: 'melanzane fritte',
    en: 'fried aubergine',
    fr: 'aubergines frites',
    es: 'berenjena frita',
    de: 'frittierte Auberginen',
  },
  zucchini: {
    it: 'zucchine',
    en: 'courgettes',
    fr: 'courgettes',
    es: 'calabacín',
    de: 'Zucchini',
  },
  peppers: { it: 'peperoni', en: 'peppers', fr: 'poivrons', es: 'pimientos', de: 'Paprika' },
  arugula: { it: 'rucola', en: 'rocket', fr: 'roquette', es: 'rúcula', de: 'Rucola' },
  asparagus: {
    it: 'asparagi',
    en: 'asparagus',
    fr: 'asperges',
    es: 'espárragos',
    de: 'Spargel',
  },
  fries: {
    it: 'patatine fritte',
    en: 'fries',
    fr: 'frites',
    es: 'patatas fritas',
    de: 'Pommes frites',
  },
  egg: { it: 'uovo', en: 'egg', fr: 'œuf', es: 'huevo', de: 'Ei' },
  ham: { it: 'prosciutto cotto', en: 'ham', fr: 'jambon', es: 'jamón cocido', de: 'Kochschinken' },
  rawHam: {
    it: 'prosciutto crudo',
    en: 'cured ham',
    fr: 'jambon cru',
    es: 'jamón curado',
    de: 'roher Schinken',
  },
  speck: { it: 'speck', en: 'speck', fr: 'speck', es: 'speck', de: 'Speck' },
  bresaola: { it: 'bresaola', en: 'bresaola', fr: 'bresaola', es: 'bresaola', de: 'Bresaola' },
  mortadella: {
    it: 'mortadella',
    en: 'mortadella',
    fr: 'mortadelle',
    es: 'mortadela',
    de: 'Mortadella',
  },
  spicySalami: {
    it: 'salame piccante',
    en: 'spicy salami',
    fr: 'salami piquant',
    es: 'salami picante',
    de: 'scharfe Salami',
  },
  nduja: { it: "'nduja", en: "'nduja", fr: "'nduja", es: "'nduja", de: "'Nduja" },
  sausage: {
    it: 'salsiccia',
    en: 'sausage',
    fr: 'saucisse',
    es: 'salchicha',
    de: 'Salsiccia',
  },
  hotDog: {
    it: 'würstel',
    en: 'frankfurters',
    fr: 'saucisses de Francfort',
    es: 'salchichas de Frankfurt',
    de: 'Wiener Würstchen',
  },
  anchovies: { it: 'acciughe', en: 'anchovies', fr: 'anchois', es: 'anchoas', de: 'Sardellen' },
  tuna: { it: 'tonno', en: 'tuna', fr: 'thon', es: 'atún', de: 'Thunfisch' },
  salmon: {
    it: 'salmone affumicato',
    en: 'smoked salmon',
    fr: 'saumon fumé',
    es: 'salmón ahumado',
    de: 'Räucherlachs',
  },
  swordfish: {
    it: 'pesce spada',
    en: 'swordfish',
    fr: 'espadon',
    es: 'pez espada',
    de: 'Schwertfisch',
  },
  prawns: { it: 'gamberi', en: 'prawns', fr: 'crevettes', es: 'gambas', de: 'Garnelen' },
  seafood: {
    it: 'frutti di mare',
    en: 'seafood',
    fr: 'fruits de mer',
    es: 'marisco',
    de: 'Meeresfrüchte',
  },
  pistachio: {
    it: 'granella di pistacchio',
    en: 'chopped pistachios',
    fr: 'éclats de pistache',
    es: 'pistacho picado',
    de: 'gehackte Pistazien',
  },
  pistachioCream: {
    it: 'crema di pistacchio',
    en: 'pistachio cream',
    fr: 'crème de pistache',
    es: 'crema de pistacho',
    de: 'Pistaziencreme',
  },
  toastedBreadcrumbs: {
    it: 'mollica tostata',
    en: 'toasted breadcrumbs',
    fr: 'chapelure grillée',
    es: 'pan rallado tostado',
    de: 'geröstete Semmelbrösel',
  },
} as const satisfies Record<string, Localized>;

export type IngredientKey = keyof typeof INGREDIENTS;

export interface MenuItem {
  /** kebab-case, unique across the whole menu */
  id: string;
  name: Localized;
  /** As the owner types it: "8", "8,50", "12.00". */
  price: string;
  ingredients?: readonly IngredientKey[];
}

export type MenuListId =
  | 'starters'
  | 'firstCourses'
  | 'meatDishes'
  | 'fishDishes'
  | 'salads'
  | 'pizza'
  | 'dessert'
  | 'beerAndWines'
  | 'aperitifs'
  | 'beverages';

export interface MenuList {
  id: MenuListId;
  title: Localized;
  items: readonly MenuItem[];
  extras?: { title: Localized; items: readonly MenuItem[] };
}

/** The same text in every language (proper names such as "Margherita"). */
function same(text: string): Localized {
  return { it: text, en: text, fr: text, es: text, de: text };
}

export const MENU: readonly MenuList[] = [
  {
    id: 'starters',
    title: { it: 'Antipasti', en: 'Starters', fr: 'Entrées', es: 'Entrantes', de: 'Vorspeisen' },
    items: [
      {
        id: 'arancine-miste',
        name: {
          it: 'Arancine miste',
          en: 'Mixed arancine (Sicilian rice balls)',
          fr: 'Arancine variées (boulettes de riz siciliennes)',
          es: 'Arancine variadas (croquetas de arroz sicilianas)',
          de: 'Gemischte Arancine (sizilianische Reisbällchen)',
        },
        price: '8',
      },
      {
        id: 'caponata-di-melanzane',
        name: {
          it: 'Caponata di melanzane',
          en: 'Aubergine caponata',
          fr: "Caponata d'aubergines",
          es: 'Caponata de berenjenas',
          de: 'Auberginen-Caponata',
        },
        price: '7',
      },
      {
        id: 'sarde-a-beccafico',
        name: {
          it: 'Sarde a beccafico',
          en: 'Sarde a beccafico (stuffed sardines)',
          fr: 'Sarde a beccafico (sardines farcies)',
          es: 'Sarde a beccafico (sardinas rellenas)',
          de: 'Sarde a beccafico (gefüllte Sardinen)',
        },
        price: '9,50',
      },
      {
        id: 'crudo-di-mare-speciale',
        name: {
          it: 'Crudo di mare speciale',
          en: 'Special raw seafood platter',
          fr: 'Plateau spécial de poissons et fruits de mer crus',
          es: 'Selección especial de pescado y marisco crudo',
          de: 'Spezialplatte mit rohem Fisch und Meeresfrüchten',
        },
        price: '25',
      },
      {
        id: 'antipasto-di-mare',
        name: {
          it: 'Antipasto di mare',
          en: 'Seafood antipasto',
          fr: "Hors-d'œuvre de la mer",
          es: 'Entrante de marisco',
          de: 'Meeresfrüchte-Vorspeise',
        },
        price: '14',
      },
      {
        id: 'insalata-di-polpo',
        name: {
          it: 'Insalata di polpo',
          en: 'Octopus salad',
          fr: 'Salade de poulpe',
          es: 'Ensalada de pulpo',
          de: 'Oktopussalat',
        },
        price: '12.00',
      },
      {
        id: 'carpaccio-di-pesce-spada',
        name: {
          it: 'Carpaccio di pesce spada',
          en: 'Swordfish carpaccio',
          fr: "Carpaccio d'espadon",
          es: 'Carpaccio de pez espada',
          de: 'Schwertfisch-Carpaccio',
        },
        price: '13',
      },
      {
        id: 'impepata-di-cozze',
        name: {
          it: 'Impepata di cozze',
          en: 'Mussels with black pepper',
          fr: 'Moules au poivre noir',
          es: 'Mejillones a la pimienta negra',
          de: 'Miesmuscheln mit schwarzem Pfeffer',
        },
        price: '10',
      },
      {
        id: 'alici-marinate',
        name: {
          it: 'Alici marinate',
          en: 'Marinated anchovies',
          fr: 'Anchois marinés',
          es: 'Boquerones marinados',
          de: 'Marinierte Sardellen',
        },
        price: '8,50',
      },
      {
        id: 'polpette-di-sarde',
        name: {
          it: 'Polpette di sarde al sugo',
          en: 'Sardine balls in tomato sauce',
          fr: 'Boulettes de sardines à la sauce tomate',
          es: 'Albóndigas de sardinas en salsa de tomate',
          de: 'Sardinenbällchen in Tomatensoße',
        },
        price: '9',
      },
      {
        id: 'parmigiana-di-melanzane',
        name: {
          it: 'Parmigiana di melanzane',
          en: 'Aubergine parmigiana',
          fr: "Parmigiana d'aubergines",
          es: 'Berenjenas a la parmesana',
          de: 'Auberginen-Parmigiana',
        },
        price: '8',
      },
      {
        id: 'tagliere-siciliano',
        name: {
          it: 'Tagliere di salumi e formaggi siciliani',
          en: 'Sicilian cured meats and cheese board',
          fr: 'Planche de charcuterie et fromages siciliens',
          es: 'Tabla de embutidos y quesos sicilianos',
          de: 'Sizilianische Wurst- und Käseplatte',
        },
        price: '14',
      },
      {
        id: 'bruschette-al-pomodoro',
        name: {
          it: 'Bruschette al pomodoro',
          en: 'Tomato bruschetta',
          fr: 'Bruschettas à la tomate',
          es: 'Bruschettas con tomate',
          de: 'Bruschetta mit Tomaten',
        },
        price: '5',
      },
    ],
    extras: {
      title: {
        it: 'Sfizi fritti',
        en: 'Fried extras',
        fr: 'Petites fritures',
        es: 'Frituras para picar',
        de: 'Frittierte Kleinigkeiten',
      },
      items: [
        {
          id: 'patatine-fritte',
          name: {
            it: 'Patatine fritte',
            en: 'Fries',
            fr: 'Frites',
            es: 'Patatas fritas',
            de: 'Pommes frites',
          },
          price: '3,50',
        },
        {
          id: 'mozzarelline-fritte',
          name: {
            it: 'Mozzarelline fritte',
            en: 'Mozzarella bites',
            fr: 'Bouchées de mozzarella',
            es: 'Bocaditos de mozzarella',
            de: 'Frittierte Mozzarella-Bällchen',
          },
          price: '4',
        },
        {
          id: 'olive-ascolane',
          name: {
            it: "Olive all'ascolana",
            en: 'Ascolana olives (stuffed and fried)',
            fr: 'Olives ascolanes (farcies et frites)',
            es: 'Aceitunas ascolanas (rellenas y fritas)',
            de: 'Ascolana-Oliven (gefüllt und frittiert)',
          },
          price: '4.50',
        },
        {
          id: 'panelle',
          name: {
            it: 'Panelle',
            en: 'Panelle (chickpea fritters)',
            fr: 'Panelle (beignets de pois chiches)',
            es: 'Panelle (buñuelos de garbanzos)',
            de: 'Panelle (Kichererbsen-Küchlein)',
          },
          price: '3',
        },
      ],
    },
  },
  {
    id: 'firstCourses',
    title: {
      it: 'Primi piatti',
      en: 'First Courses',
      fr: 'Premiers plats',
      es: 'Primeros platos',
      de: 'Erste Gänge',
    },
    items: [
      {
        id: 'pasta-con-le-sarde',
        name: {
          it: 'Pasta con le sarde',
          en: 'Pasta con le sarde (sardines and wild fennel)',
          fr: 'Pasta con le sarde (sardines et fenouil sauvage)',
          es: 'Pasta con le sarde (sardinas e hinojo silvestre)',
          de: 'Pasta con le sarde (Sardinen und wilder Fenchel)',
        },
        price: '12',
      },
      {
        id: 'spaghetti-ai-ricci',
        name: {
          it: 'Spaghetti ai ricci di mare',
          en: 'Spaghetti with sea urchin',
          fr: 'Spaghetti aux oursins',
          es: 'Espaguetis con erizos de mar',
          de: 'Spaghetti mit Seeigeln',
        },
        price: '18',
      },
      {
        id: 'busiate-al-pesto-trapanese',
        name: {
          it: 'Busiate al pesto trapanese',
          en: 'Busiate with Trapani-style pesto',
          fr: 'Busiate au pesto de Trapani',
          es: 'Busiate con pesto trapanés',
          de: 'Busiate mit Pesto nach Trapani-Art',
        },
        price: '10',
      },
      {
        id: 'pasta-alla-norma',
        name: same('Pasta alla Norma'),
        price: '9',
      },
      {
        id: 'spaghetti-alle-vongole',
        name: {
          it: 'Spaghetti alle vongole',
          en: 'Spaghetti with clams',
          fr: 'Spaghetti aux palourdes',
          es: 'Espaguetis con almejas',
          de: 'Spaghetti mit Venusmuscheln',
        },
        price: '13',
      },
      {
        id: 'linguine-allo-scoglio',
        name: {
          it: 'Linguine allo scoglio',
          en: 'Seafood linguine',
          fr: 'Linguine aux fruits de mer',
          es: 'Linguine con marisco',
          de: 'Linguine mit Meeresfrüchten',
        },
        price: '15',
      },
      {
        id: 'linguine-gambero-rosso-e-pistacchio',
        name: {
          it: 'Linguine con gambero rosso e pistacchio',
          en: 'Linguine with red prawns and pistachio',
          fr: 'Linguine aux crevettes rouges et à la pistache',
          es: 'Linguine con gamba roja y pistacho',
          de: 'Linguine mit roten Garnelen und Pistazien',
        },
        price: '17,50',
      },
      {
        id: 'spaghetti-al-nero-di-seppia',
        name: {
          it: 'Spaghetti al nero di seppia',
          en: 'Squid ink spaghetti',
          fr: "Spaghetti à l'encre de seiche",
          es: 'Espaguetis en su tinta',
          de: 'Spaghetti mit Sepiatinte',
        },
        price: '13',
      },
      {
        id: 'paccheri-pesce-spada-e-melanzane',
        name: {
          it: 'Paccheri con pesce spada e melanzane',
          en: 'Paccheri with swordfish and aubergine',
          fr: "Paccheri à l'espadon et aux aubergines",
          es: 'Paccheri con pez espada y berenjena',
          de: 'Paccheri mit Schwertfisch und Auberginen',
        },
        price: '14',
      },
      {
        id: 'risotto-ai-frutti-di-mare',
        name: {
          it: 'Risotto ai frutti di mare',
          en: 'Seafood risotto',
          fr: 'Risotto aux fruits de mer',
          es: 'Risotto de marisco',
          de: 'Meeresfrüchte-Risotto',
        },
        price: '14',
      },
      {
        id: 'couscous-di-pesce',
        name: {
          it: 'Couscous di pesce alla trapanese',
          en: 'Trapani-style fish couscous',
          fr: 'Couscous de poisson à la trapanaise',
          es: 'Cuscús de pescado al estilo de Trapani',
          de: 'Fischcouscous nach Trapani-Art',
        },
        price: '16',
      },
      {
        id: 'anelletti-al-forno',
        name: {
          it: 'Anelletti al forno',
          en: 'Baked anelletti, Palermo style',
          fr: 'Anelletti au four à la palermitaine',
          es: 'Anelletti al horno a la palermitana',
          de: 'Überbackene Anelletti nach Palermo-Art',
        },
        price: '10',
      },
    ],
  },
  {
    id: 'meatDishes',
    title: {
      it: 'Secondi di carne',
      en: 'Meat Dishes',
      fr: 'Plats de viande',
      es: 'Platos de carne',
      de: 'Fleischgerichte',
    },
    items: [
      {
        id: 'involtini-alla-siciliana',
        name: {
          it: 'Involtini alla siciliana',
          en: 'Sicilian beef rolls',
          fr: 'Paupiettes de bœuf à la sicilienne',
          es: 'Rollitos de ternera a la siciliana',
          de: 'Sizilianische Rinderröllchen',
        },
        price: '13',
      },
      {
        id: 'falsomagro',
        name: {
          it: 'Falsomagro',
          en: 'Falsomagro (Sicilian stuffed beef roll)',
          fr: 'Falsomagro (rôti de bœuf farci sicilien)',
          es: 'Falsomagro (rollo de carne relleno siciliano)',
          de: 'Falsomagro (sizilianischer gefüllter Rinderbraten)',
        },
        price: '14',
      },
      {
        id: 'cotoletta-alla-palermitana',
        name: {
          it: 'Cotoletta alla palermitana',
          en: 'Palermo-style breaded cutlet',
          fr: 'Escalope panée à la palermitaine',
          es: 'Escalope empanado a la palermitana',
          de: 'Paniertes Schnitzel nach Palermo-Art',
        },
        price: '12',
      },
      {
        id: 'polpette-al-sugo',
        name: {
          it: 'Polpette al sugo',
          en: 'Meatballs in tomato sauce',
          fr: 'Boulettes de viande à la sauce tomate',
          es: 'Albóndigas en salsa de tomate',
          de: 'Fleischbällchen in Tomatensoße',
        },
        price: '10',
      },
      {
        id: 'salsiccia-alla-brace',
        name: {
          it: 'Salsiccia alla brace',
          en: 'Chargrilled sausage',
          fr: 'Saucisse grillée au feu de bois',
          es: 'Salchicha a la brasa',
          de: 'Gegrillte Salsiccia',
        },
        price: '10',
      },
      {
        id: 'petto-di-pollo-alla-griglia',
        name: {
          it: 'Petto di pollo alla griglia',
          en: 'Grilled chicken breast',
          fr: 'Blanc de poulet grillé',
          es: 'Pechuga de pollo a la plancha',
          de: 'Gegrillte Hähnchenbrust',
        },
        price: '9,50',
      },
      {
        id: 'scaloppine-al-limone',
        name: {
          it: 'Scaloppine al limone',
          en: 'Veal escalopes with lemon',
          fr: 'Escalopes de veau au citron',
          es: 'Escalopines de ternera al limón',
          de: 'Kalbsschnitzel in Zitronensoße',
        },
        price: '13',
      },
      {
        id: 'costolette-di-agnello',
        name: {
          it: 'Costolette di agnello alla brace',
          en: 'Chargrilled lamb chops',
          fr: "Côtelettes d'agneau grillées",
          es: 'Chuletas de cordero a la brasa',
          de: 'Gegrillte Lammkoteletts',
        },
        price: '17',
      },
      {
        id: 'grigliata-mista-di-carne',
        name: {
          it: 'Grigliata mista di carne',
          en: 'Mixed meat grill',
          fr: 'Grillade mixte de viandes',
          es: 'Parrillada mixta de carne',
          de: 'Gemischte Fleischgrillplatte',
        },
        price: '18',
      },
      {
        id: 'tagliata-di-manzo',
        name: {
          it: 'Tagliata di manzo con rucola e grana',
          en: 'Sliced beef steak with rocket and parmesan',
          fr: 'Tagliata de bœuf, roquette et parmesan',
          es: 'Tagliata de ternera con rúcula y parmesano',
          de: 'Tagliata vom Rind mit Rucola und Parmesan',
        },
        price: '19',
      },
      {
        id: 'filetto-al-pepe-verde',
        name: {
          it: 'Filetto al pepe verde',
          en: 'Fillet steak with green peppercorns',
          fr: 'Filet de bœuf au poivre vert',
          es: 'Solomillo a la pimienta verde',
          de: 'Rinderfilet mit grünem Pfeffer',
        },
        price: '22.00',
      },
    ],
  },
  {
    id: 'fishDishes',
    title: {
      it: 'Secondi di pesce',
      en: 'Fish Dishes',
      fr: 'Plats de poisson',
      es: 'Platos de pescado',
      de: 'Fischgerichte',
    },
    items: [
      {
        id: 'pesce-spada-alla-ghiotta',
        name: {
          it: 'Pesce spada alla ghiotta',
          en: 'Swordfish alla ghiotta (tomato, olives and capers)',
          fr: 'Espadon alla ghiotta (tomate, olives et câpres)',
          es: 'Pez espada alla ghiotta (tomate, aceitunas y alcaparras)',
          de: 'Schwertfisch alla ghiotta (Tomaten, Oliven und Kapern)',
        },
        price: '16',
      },
      {
        id: 'involtini-di-pesce-spada',
        name: {
          it: 'Involtini di pesce spada',
          en: 'Swordfish rolls',
          fr: "Roulades d'espadon",
          es: 'Rollitos de pez espada',
          de: 'Schwertfischröllchen',
        },
        price: '16',
      },
      {
        id: 'tonno-in-agrodolce',
        name: {
          it: 'Tonno in agrodolce',
          en: 'Sweet and sour tuna',
          fr: "Thon à l'aigre-doux",
          es: 'Atún agridulce',
          de: 'Thunfisch süßsauer',
        },
        price: '17',
      },
      {
        id: 'calamari-ripieni',
        name: {
          it: 'Calamari ripieni',
          en: 'Stuffed squid',
          fr: 'Calamars farcis',
          es: 'Calamares rellenos',
          de: 'Gefüllte Calamari',
        },
        price: '15',
      },
      {
        id: 'frittura-di-calamari-e-gamberi',
        name: {
          it: 'Frittura di calamari e gamberi',
          en: 'Fried squid and prawns',
          fr: 'Friture de calamars et crevettes',
          es: 'Fritura de calamares y gambas',
          de: 'Frittierte Calamari und Garnelen',
        },
        price: '15,50',
      },
      {
        id: 'orata-al-forno',
        name: {
          it: 'Orata al forno con patate',
          en: 'Baked sea bream with potatoes',
          fr: 'Dorade au four et pommes de terre',
          es: 'Dorada al horno con patatas',
          de: 'Dorade aus dem Ofen mit Kartoffeln',
        },
        price: '18',
      },
      {
        id: 'zuppa-di-pesce',
        name: {
          it: 'Zuppa di pesce',
          en: 'Fish soup',
          fr: 'Soupe de poissons',
          es: 'Sopa de pescado',
          de: 'Fischsuppe',
        },
        price: '18',
      },
      {
        id: 'grigliata-mista-di-pesce',
        name: {
          it: 'Grigliata mista di pesce',
          en: 'Mixed fish grill',
          fr: 'Grillade mixte de poissons',
          es: 'Parrillada mixta de pescado',
          de: 'Gemischte Fischgrillplatte',
        },
        price: '20',
      },
      {
        id: 'grigliata-di-gambero-rosso',
        name: {
          it: 'Grigliata di gambero rosso',
          en: 'Grilled red prawns',
          fr: 'Grillade de crevettes rouges',
          es: 'Parrillada de gamba roja',
          de: 'Gegrillte rote Garnelen',
        },
        price: '25',
      },
    ],
  },
  {
    id: 'salads',
    title: {
      it: 'Insalate e contorni',
      en: 'Salads and side dishes',
      fr: 'Salades et accompagnements',
      es: 'Ensaladas y guarniciones',
      de: 'Salate und Beilagen',
    },
    items: [
      {
        id: 'insalata-mista',
        name: {
          it: 'Insalata mista',
          en: 'Mixed salad',
          fr: 'Salade mixte',
          es: 'Ensalada mixta',
          de: 'Gemischter Salat',
        },
        price: '5',
      },
      {
        id: 'insalata-di-arance-e-finocchi',
        name: {
          it: 'Insalata di arance e finocchi',
          en: 'Orange and fennel salad',
          fr: "Salade d'oranges et de fenouil",
          es: 'Ensalada de naranja e hinojo',
          de: 'Orangen-Fenchel-Salat',
        },
        price: '6',
      },
      {
        id: 'caprese',
        name: {
          it: 'Caprese',
          en: 'Caprese salad',
          fr: 'Salade caprese',
          es: 'Ensalada caprese',
          de: 'Caprese mit Tomaten und Mozzarella',
        },
        price: '8',
      },
      {
        id: 'verdure-grigliate',
        name: {
          it: 'Verdure grigliate',
          en: 'Grilled vegetables',
          fr: 'Légumes grillés',
          es: 'Verduras a la parrilla',
          de: 'Gegrilltes Gemüse',
        },
        price: '6,50',
      },
      {
        id: 'patate-al-forno',
        name: {
          it: 'Patate al forno',
          en: 'Roast potatoes',
          fr: 'Pommes de terre rôties',
          es: 'Patatas al horno',
          de: 'Ofenkartoffeln',
        },
        price: '4',
      },
    ],
  },
  {
    id: 'pizza',
    title: { it: 'Pizze', en: 'Pizza', fr: 'Pizzas', es: 'Pizzas', de: 'Pizza' },
    items: [
      {
        id: 'pizza-marinara',
        name: same('Marinara'),
        price: '6',
        ingredients: ['tomato', 'garlic', 'oregano', 'extraVirginOliveOil'],
      },
      {
        id: 'pizza-margherita',
        name: same('Margherita'),
        price: '6,50',
        ingredients: ['tomato', 'mozzarella', 'freshBasil', 'extraVirginOliveOil'],
      },
      {
        id: 'pizza-napoli',
        name: same('Napoli'),
        price: '7,50',
        ingredients: ['tomato', 'mozzarella', 'anchovies', 'capers', 'oregano'],
      },
      {
        id: 'pizza-diavola',
        name: same('Diavola'),
        price: '8',
        ingredients: ['tomato', 'mozzarella', 'spicySalami', 'chilli'],
      },
      {
        id: 'pizza-prosciutto-e-funghi',
        name: {
          it: 'Prosciutto e funghi',
          en: 'Ham and mushroom',
          fr: 'Jambon et champignons',
          es: 'Jamón y champiñones',
          de: 'Schinken und Champignons',
        },
        price: '8',
        ingredients: ['tomato', 'mozzarella', 'ham', 'mushrooms'],
      },
      {
        id: 'pizza-capricciosa',
        name: same('Capricciosa'),
        price: '9',
        ingredients: ['tomato', 'mozzarella', 'ham', 'mushrooms', 'artichokes', 'egg'],
      },
      {
        id: 'pizza-quattro-stagioni',
        name: {
          it: 'Quattro stagioni',
          en: 'Quattro Stagioni',
          fr: 'Quatre saisons',
          es: 'Cuatro estaciones',
          de: 'Vier Jahreszeiten',
        },
        price: '9',
        ingredients: ['tomato', 'mozzarella', 'ham', 'mushrooms', 'artichokes', 'olives'],
      },
      {
        id: 'pizza-quattro-formaggi',
        name: {
          it: 'Quattro formaggi',
          en: 'Four Cheese',
          fr: 'Quatre fromages',
          es: 'Cuatro quesos',
          de: 'Quattro Formaggi',
        },
        price: '8.50',
        ingredients: ['mozzarella', 'gorgonzola', 'smokedProvola', 'parmesan'],
      },
      {
        id: 'pizza-bufalina',
        name: same('Bufalina'),
        price: '9',
        ingredients: ['tomato', 'buffaloMozzarella', 'freshBasil', 'extraVirginOliveOil'],
      },
      {
        id: 'pizza-norma',
        name: same('Norma'),
        price: '8,50',
        ingredients: ['tomato', 'friedEggplant', 'saltedRicotta', 'freshBasil'],
      },
      {
        id: 'pizza-parmigiana',
        name: same('Parmigiana'),
        price: '8,50',
        ingredients: ['tomato', 'mozzarella', 'friedEggplant', 'parmesan', 'freshBasil'],
      },
      {
        id: 'pizza-siciliana',
        name: same('Siciliana'),
        price: '8',
        ingredients: ['tomato', 'mozzarella', 'anchovies', 'capers', 'olives', 'oregano'],
      },
      {
        id: 'pizza-sfincione',
        name: {
          it: 'Sfincione palermitano',
          en: 'Sfincione (Palermo-style pizza)',
          fr: 'Sfincione (pizza palermitaine)',
          es: 'Sfincione (pizza palermitana)',
          de: 'Sfincione (Pizza nach Palermo-Art)',
        },
        price: '8',
        ingredients: [
          'tomato',
          'onion',
          'anchovies',
          'caciocavallo',
          'toastedBreadcrumbs',
          'oregano',
        ],
      },
      {
        id: 'pizza-tonno-e-cipolla',
        name: {
          it: 'Tonno e cipolla',
          en: 'Tuna and onion',
          fr: 'Thon et oignon',
          es: 'Atún y cebolla',
          de: 'Thunfisch und Zwiebeln',
        },
        price: '8',
        ingredients: ['tomato', 'mozzarella', 'tuna', 'onion'],
      },
      {
        id: 'pizza-wurstel-e-patatine',
        name: {
          it: 'Würstel e patatine',
          en: 'Frankfurters and fries',
          fr: 'Saucisses et frites',
          es: 'Salchichas y patatas fritas',
          de: 'Würstchen und Pommes',
        },
        price: '7,50',
        ingredients: ['tomato', 'mozzarella', 'hotDog', 'fries'],
      },
      {
        id: 'pizza-vegetariana',
        name: {
          it: 'Vegetariana',
          en: 'Vegetarian',
          fr: 'Végétarienne',
          es: 'Vegetariana',
          de: 'Vegetariana',
        },
        price: '8,50',
        ingredients: ['tomato', 'mozzarella', 'eggplant', 'zucchini', 'peppers', 'mushrooms'],
      },
      {
        id: 'pizza-mediterranea',
        name: {
          it: 'Mediterranea',
          en: 'Mediterranean',
          fr: 'Méditerranéenne',
          es: 'Mediterránea',
          de: 'Mediterranea',
        },
        price: '9',
        ingredients: ['tomato', 'mozzarella', 'sundriedTomatoes', 'olives', 'capers', 'oregano'],
      },
      {
        id: 'pizza-calabrese',
        name: same('Calabrese'),
        price: '9',
        ingredients: ['tomato', 'mozzarella', 'nduja', 'tropeaOnion', 'chilli'],
      },
      {
        id: 'pizza-salsiccia-e-finocchietto',
        name: {
          it: 'Salsiccia e finocchietto',
          en: 'Sausage and wild fennel',
          fr: 'Saucisse et fenouil sauvage',
          es: 'Salchicha e hinojo silvestre',
          de: 'Salsiccia und wilder Fenchel',
        },
        price: '9',
        ingredients: ['mozzarella', 'sausage', 'wildFennel', 'pecorino'],
      },
      {
        id: 'pizza-boscaiola',
        name: same('Boscaiola'),
        price: '9.50',
        ingredients: ['mozzarella', 'porcini', 'sausage', 'parmesan'],
      },
      {
        id: 'pizza-calzone',
        name: same('Calzone'),
        price: '8,50',
        ingredients: ['tomato', 'mozzarella', 'ricotta', 'ham'],
      },
      {
        id: 'pizza-crudo-e-rucola',
        name: {
          it: 'Crudo e rucola',
          en: 'Prosciutto and rocket',
          fr: 'Jambon cru et roquette',
          es: 'Jamón curado y rúcula',
          de: 'Rohschinken und Rucola',
        },
        price: '9,50',
        ingredients: ['mozzarella', 'rawHam', 'arugula', 'cherryTomatoes', 'parmesan'],
      },
      {
        id: 'pizza-bresaola-e-rucola',
        name: {
          it: 'Bresaola e rucola',
          en: 'Bresaola and rocket',
          fr: 'Bresaola et roquette',
          es: 'Bresaola y rúcula',
          de: 'Bresaola und Rucola',
        },
        price: '9,50',
        ingredients: ['mozzarella', 'bresaola', 'arugula', 'parmesan'],
      },
      {
        id: 'pizza-speck-e-gorgonzola',
        name: {
          it: 'Speck e gorgonzola',
          en: 'Speck and gorgonzola',
          fr: 'Speck et gorgonzola',
          es: 'Speck y gorgonzola',
          de: 'Speck und Gorgonzola',
        },
        price: '9',
        ingredients: ['mozzarella', 'gorgonzola', 'speck'],
      },
      {
        id: 'pizza-pomodorini-e-burrata',
        name: {
          it: 'Pomodorini e burrata',
          en: 'Cherry tomatoes and burrata',
          fr: 'Tomates cerises et burrata',
          es: 'Tomates cherry y burrata',
          de: 'Kirschtomaten und Burrata',
        },
        price: '10',
        ingredients: ['tomato', 'cherryTomatoes', 'burrata', 'freshBasil'],
      },
      {
        id: 'pizza-pistacchio-e-mortadella',
        name: {
          it: 'Pistacchio e mortadella',
          en: 'Pistachio and mortadella',
          fr: 'Pistache et mortadelle',
          es: 'Pistacho y mortadela',
          de: 'Pistazie und Mortadella',
        },
        price: '10,50',
        ingredients: ['mozzarella', 'pistachioCream', 'mortadella', 'burrata', 'pistachio'],
      },
      {
        id: 'pizza-salmone-e-asparagi',
        name: {
          it: 'Salmone e asparagi',
          en: 'Smoked salmon and asparagus',
          fr: 'Saumon fumé et asperges',
          es: 'Salmón ahumado y espárragos',
          de: 'Räucherlachs und Spargel',
        },
        price: '10',
        ingredients: ['mozzarella', 'salmon', 'asparagus'],
      },
      {
        id: 'pizza-gamberi-e-zucchine',
        name: {
          it: 'Gamberi e zucchine',
          en: 'Prawns and courgettes',
          fr: 'Crevettes et courgettes',
          es: 'Gambas y calabacín',
          de: 'Garnelen und Zucchini',
        },
        price: '10,50',
        ingredients: ['mozzarella', 'prawns', 'zucchini', 'garlic'],
      },
      {
        id: 'pizza-pesce-spada',
        name: {
          it: 'Pesce spada',
          en: 'Swordfish',
          fr: 'Espadon',
          es: 'Pez espada',
          de: 'Schwertfisch',
        },
        price: '11',
        ingredients: ['mozzarella', 'swordfish', 'cherryTomatoes', 'arugula'],
      },
      {
        id: 'pizza-frutti-di-mare',
        name: {
          it: 'Frutti di mare',
          en: 'Seafood',
          fr: 'Fruits de mer',
          es: 'Frutos de mar',
          de: 'Meeresfrüchte',
        },
        price: '12',
        ingredients: ['tomato', 'seafood', 'garlic', 'extraVirginOliveOil'],
      },
    ],
  },
  {
    id: 'dessert',
    title: { it: 'Dessert', en: 'Dessert', fr: 'Desserts', es: 'Postres', de: 'Desserts' },
    items: [
      {
        id: 'cannolo-siciliano',
        name: {
          it: 'Cannolo siciliano',
          en: 'Sicilian cannolo',
          fr: 'Cannolo sicilien',
          es: 'Cannolo siciliano',
          de: 'Sizilianischer Cannolo',
        },
        price: '4',
      },
      {
        id: 'cassata-siciliana',
        name: {
          it: 'Cassata siciliana',
          en: 'Sicilian cassata',
          fr: 'Cassata sicilienne',
          es: 'Cassata siciliana',
          de: 'Sizilianische Cassata',
        },
        price: '5',
      },
      {
        id: 'granita-con-brioche',
        name: {
          it: 'Granita con brioche',
          en: 'Granita with brioche',
          fr: 'Granita et brioche',
          es: 'Granita con brioche',
          de: 'Granita mit Brioche',
        },
        price: '4,50',
      },
      {
        id: 'semifreddo-al-pistacchio',
        name: {
          it: 'Semifreddo al pistacchio',
          en: 'Pistachio semifreddo',
          fr: 'Semifreddo à la pistache',
          es: 'Semifreddo de pistacho',
          de: 'Pistazien-Semifreddo',
        },
        price: '5,50',
      },
      {
        id: 'torta-setteveli',
        name: {
          it: 'Torta Setteveli',
          en: 'Setteveli cake (chocolate and hazelnut)',
          fr: 'Gâteau Setteveli (chocolat et noisette)',
          es: 'Tarta Setteveli (chocolate y avellana)',
          de: 'Setteveli-Torte (Schokolade und Haselnuss)',
        },
        price: '5',
      },
      {
        id: 'biancomangiare-alle-mandorle',
        name: {
          it: 'Biancomangiare alle mandorle',
          en: 'Almond blancmange',
          fr: 'Blanc-manger aux amandes',
          es: 'Manjar blanco de almendras',
          de: 'Mandel-Blancmanger',
        },
        price: '4.50',
      },
      {
        id: 'tiramisu',
        name: {
          it: 'Tiramisù',
          en: 'Tiramisu',
          fr: 'Tiramisu',
          es: 'Tiramisú',
          de: 'Tiramisu',
        },
        price: '5',
      },
      {
        id: 'gelato-misto',
        name: {
          it: 'Gelato misto',
          en: 'Mixed ice cream',
          fr: 'Assortiment de glaces',
          es: 'Helado variado',
          de: 'Gemischtes Eis',
        },
        price: '4',
      },
      {
        id: 'sorbetto-al-limone',
        name: {
          it: 'Sorbetto al limone',
          en: 'Lemon sorbet',
          fr: 'Sorbet au citron',
          es: 'Sorbete de limón',
          de: 'Zitronensorbet',
        },
        price: '3,50',
      },
      {
        id: 'frutta-di-stagione',
        name: {
          it: 'Frutta fresca di stagione',
          en: 'Fresh seasonal fruit',
          fr: 'Fruits frais de saison',
          es: 'Fruta fresca de temporada',
          de: 'Frisches Obst der Saison',
        },
        price: '4',
      },
    ],
  },
  {
    id: 'beerAndWines',
    title: {
      it: 'Birre e vini',
      en: 'Beer and Wines',
      fr: 'Bières et vins',
      es: 'Cervezas y vinos',
      de: 'Bier und Wein',
    },
    items: [
      {
        id: 'birra-alla-spina-piccola',
        name: {
          it: 'Birra alla spina 0,30 l',
          en: 'Draft beer 0.30 l',
          fr: 'Bière pression 0,30 l',
          es: 'Cerveza de barril 0,30 l',
          de: 'Bier vom Fass 0,30 l',
        },
        price: '3,50',
      },
      {
        id: 'birra-alla-spina-media',
        name: {
          it: 'Birra alla spina 0,40 l',
          en: 'Draft beer 0.40 l',
          fr: 'Bière pression 0,40 l',
          es: 'Cerveza de barril 0,40 l',
          de: 'Bier vom Fass 0,40 l',
        },
        price: '4,50',
      },
      {
        id: 'birra-in-bottiglia',
        name: {
          it: 'Birra in bottiglia 0,33 l',
          en: 'Bottled beer 0.33 l',
          fr: 'Bière en bouteille 0,33 l',
          es: 'Cerveza en botella 0,33 l',
          de: 'Flaschenbier 0,33 l',
        },
        price: '4',
      },
      {
        id: 'birra-weiss',
        name: {
          it: 'Birra weiss 0,50 l',
          en: 'Wheat beer 0.50 l',
          fr: 'Bière blanche 0,50 l',
          es: 'Cerveza de trigo 0,50 l',
          de: 'Weizenbier 0,50 l',
        },
        price: '5,50',
      },
      {
        id: 'vino-bianco-mezzo-litro',
        name: {
          it: 'Vino bianco della casa 0,50 l',
          en: 'House white wine 0.50 l',
          fr: 'Vin blanc maison 0,50 l',
          es: 'Vino blanco de la casa 0,50 l',
          de: 'Weißwein des Hauses 0,50 l',
        },
        price: '8',
      },
      {
        id: 'vino-bianco-frizzante-mezzo-litro',
        name: {
          it: 'Vino bianco frizzante 0,50 l',
          en: 'Sparkling white wine 0.50 l',
          fr: 'Vin blanc pétillant 0,50 l',
          es: 'Vino blanco espumoso 0,50 l',
          de: 'Weißer Perlwein 0,50 l',
        },
        price: '9',
      },
      {
        id: 'vino-rosso-mezzo-litro',
        name: {
          it: 'Vino rosso della casa 0,50 l',
          en: 'House red wine 0.50 l',
          fr: 'Vin rouge maison 0,50 l',
          es: 'Vino tinto de la casa 0,50 l',
          de: 'Rotwein des Hauses 0,50 l',
        },
        price: '8',
      },
      {
        id: 'vino-bianco-litro',
        name: {
          it: 'Vino bianco della casa 1 l',
          en: 'House white wine 1 l',
          fr: 'Vin blanc maison 1 l',
          es: 'Vino blanco de la casa 1 l',
          de: 'Weißwein des Hauses 1 l',
        },
        price: '14',
      },
      {
        id: 'vino-rosso-litro',
        name: {
          it: 'Vino rosso della casa 1 l',
          en: 'House red wine 1 l',
          fr: 'Vin rouge maison 1 l',
          es: 'Vino tinto de la casa 1 l',
          de: 'Rotwein des Hauses 1 l',
        },
        price: '14',
      },
    ],
  },
  {
    id: 'aperitifs',
    title: {
      it: 'Aperitivi',
      en: 'Aperitifs',
      fr: 'Apéritifs',
      es: 'Aperitivos',
      de: 'Aperitifs',
    },
    items: [
      { id: 'prosecco', name: same('Prosecco'), price: '4' },
      {
        id: 'prosecco-aperol',
        name: {
          it: 'Prosecco Aperol',
          en: 'Prosecco with Aperol',
          fr: "Prosecco à l'Aperol",
          es: 'Prosecco con Aperol',
          de: 'Prosecco mit Aperol',
        },
        price: '5',
      },
      { id: 'martini-bianco', name: same('Martini Bianco'), price: '4' },
      { id: 'campari-soda', name: same('Campari Soda'), price: '4,50' },
      { id: 'spritz', name: same('Spritz'), price: '5' },
    ],
  },
  {
    id: 'beverages',
    title: { it: 'Bevande', en: 'Beverages', fr: 'Boissons', es: 'Bebidas', de: 'Getränke' },
    items: [
      {
        id: 'acqua-naturale-litro',
        name: {
          it: 'Acqua minerale naturale 1 l',
          en: 'Still mineral water 1 l',
          fr: 'Eau minérale plate 1 l',
          es: 'Agua mineral sin gas 1 l',
          de: 'Stilles Mineralwasser 1 l',
        },
        price: '2,50',
      },
      {
        id: 'acqua-frizzante-litro',
        name: {
          it: 'Acqua minerale frizzante 1 l',
          en: 'Sparkling mineral water 1 l',
          fr: 'Eau minérale gazeuse 1 l',
          es: 'Agua mineral con gas 1 l',
          de: 'Mineralwasser mit Kohlensäure 1 l',
        },
        price: '2,50',
      },
      {
        id: 'acqua-piccola',
        name: {
          it: 'Acqua piccola 0,50 l',
          en: 'Small bottle of water 0.50 l',
          fr: "Petite bouteille d'eau 0,50 l",
          es: 'Botella pequeña de agua 0,50 l',
          de: 'Kleines Wasser 0,50 l',
        },
        price: '1',
      },
      {
        id: 'acqua-frizzante-piccola',
        name: {
          it: 'Acqua frizzante 0,50 l',
          en: 'Sparkling water 0.50 l',
          fr: 'Eau gazeuse 0,50 l',
          es: 'Agua con gas 0,50 l',
          de: 'Sprudelwasser 0,50 l',
        },
        price: '1.50',
      },
      {
        id: 'coca-cola',
        name: {
          it: 'Coca-Cola in vetro 0,33 l',
          en: 'Coca-Cola, glass bottle 0.33 l',
          fr: 'Coca-Cola en bouteille de verre 0,33 l',
          es: 'Coca-Cola en botella de vidrio 0,33 l',
          de: 'Coca-Cola in der Glasflasche 0,33 l',
        },
        price: '3',
      },
      {
        id: 'lattina',
        name: {
          it: 'Lattina (Coca-Cola, Fanta, Sprite)',
          en: 'Can (Coca-Cola, Fanta, Sprite)',
          fr: 'Canette (Coca-Cola, Fanta, Sprite)',
          es: 'Lata (Coca-Cola, Fanta, Sprite)',
          de: 'Dose (Coca-Cola, Fanta, Sprite)',
        },
        price: '2,50',
      },
      {
        id: 'te-freddo',
        name: {
          it: 'Tè freddo al limone o alla pesca',
          en: 'Iced tea, lemon or peach',
          fr: 'Thé glacé citron ou pêche',
          es: 'Té frío de limón o melocotón',
          de: 'Eistee Zitrone oder Pfirsich',
        },
        price: '2,50',
      },
    ],
  },
];

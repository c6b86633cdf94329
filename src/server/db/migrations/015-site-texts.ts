import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';

// A migration must not depend on today's `Database` type (see 001-initial.ts).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyDatabase = Kysely<any>;

const TARGET_LANGS = ['en', 'fr', 'es', 'de'] as const;

/** Must match sourceHash in services/translation/source-hash.ts (a migration imports no service code). */
function sourceHash(text: string): string {
  return createHash('sha256').update(text.toWellFormed()).digest('hex');
}

/**
 * The page texts as the locale files shipped them when this migration was
 * written (home.json, about.json and common.json's meta descriptions), in
 * the five languages people wrote. Copied rather than read: the seed is
 * what was true then, and those keys have since left the locale files.
 * "25 years" became `{years}`, the founding year `{year}` and the town
 * `{place}`, filled in from the restaurant's facts when a page is shown;
 * the services list holds one service per line.
 */
const SHIPPED: Record<string, Record<'it' | (typeof TARGET_LANGS)[number], string>> = {
  'home.hero.title': {
    it: 'Il mare di Sicilia, in tavola',
    en: 'The Sicilian sea, served at your table',
    fr: 'La mer de Sicile, servie à votre table',
    es: 'El mar de Sicilia, servido en tu mesa',
    de: 'Das Meer Siziliens auf Ihrem Teller',
  },
  'home.hero.description': {
    it: 'Pesce appena pescato, pizze cotte nel forno a legna e una terrazza affacciata sul golfo. Da oltre {years} anni vi accogliamo come ospiti di famiglia.',
    en: 'Fish straight from the boats, pizzas baked in a wood-fired oven and a terrace looking out over the bay. For over {years} years we have welcomed our guests like family.',
    fr: 'Du poisson tout juste débarqué, des pizzas cuites au feu de bois et une terrasse face au golfe. Depuis plus de {years} ans, nous vous accueillons comme des amis de la famille.',
    es: 'Pescado recién llegado de las barcas, pizzas cocidas en horno de leña y una terraza asomada al golfo. Desde hace más de {years} años te recibimos como a alguien de la familia.',
    de: 'Fisch direkt von den Booten, Pizza aus dem Holzofen und eine Terrasse mit Blick über die Bucht. Seit über {years} Jahren empfangen wir unsere Gäste wie Freunde der Familie.',
  },
  'home.facts.experience': {
    it: 'Oltre {years} anni di esperienza, dal {year}',
    en: 'Over {years} years of experience, since {year}',
    fr: "Plus de {years} ans d'expérience, depuis {year}",
    es: 'Más de {years} años de experiencia, desde {year}',
    de: 'Über {years} Jahre Erfahrung, seit {year}',
  },
  'home.gallery.title': {
    it: 'Uno sguardo al ristorante',
    en: 'A glimpse of the restaurant',
    fr: 'Un aperçu du restaurant',
    es: 'Un vistazo al restaurante',
    de: 'Ein Blick in unser Restaurant',
  },
  'home.location.title': {
    it: 'Una casa sul mare',
    en: 'A home by the sea',
    fr: 'Une maison au bord de la mer',
    es: 'Una casa junto al mar',
    de: 'Ein Zuhause am Meer',
  },
  'home.location.text1': {
    it: "Siamo sul lungomare di {place}, a pochi passi dall'acqua. D'estate si cena sulla nostra terrazza con vista sul mare, tra la brezza della sera e il rumore delle onde.",
    en: 'You will find us on the seafront in {place}, just a few steps from the water. In summer, dinner is served on our terrace with a sea view, with the evening breeze and the sound of the waves.',
    fr: "Vous nous trouverez sur le front de mer de {place}, à deux pas de l'eau. L'été, on dîne sur notre terrasse avec vue sur la mer, bercé par la brise du soir et le bruit des vagues.",
    es: 'Estamos en el paseo marítimo de {place}, a pocos pasos del agua. En verano se cena en nuestra terraza con vistas al mar, con la brisa de la tarde y el rumor de las olas.',
    de: 'Sie finden uns an der Uferpromenade von {place}, nur wenige Schritte vom Wasser entfernt. Im Sommer speisen Sie auf unserer Terrasse mit Meerblick, begleitet von der Abendbrise und dem Rauschen der Wellen.',
  },
  'home.location.text2': {
    it: 'Dal forno a legna escono pizze fragranti e ben cotte, mentre in cucina prepariamo piatti di carne e di pesce con quello che il mare e la campagna ci regalano ogni giorno.',
    en: 'Our wood-fired oven turns out fragrant, perfectly baked pizzas, while in the kitchen we cook meat and fish dishes with whatever the sea and the countryside bring us each day.',
    fr: "Notre four à bois donne des pizzas parfumées et bien cuites, tandis qu'en cuisine nous préparons viandes et poissons avec ce que la mer et la campagne nous offrent chaque jour.",
    es: 'De nuestro horno de leña salen pizzas fragantes y bien horneadas, mientras en la cocina preparamos platos de carne y de pescado con lo que el mar y el campo nos regalan cada día.',
    de: 'Aus unserem Holzofen kommen duftende, knusprig gebackene Pizzen, und in der Küche bereiten wir Fleisch- und Fischgerichte aus dem zu, was uns Meer und Land jeden Tag schenken.',
  },
  'home.location.text3': {
    it: 'Curiamo anche il catering per i vostri giorni di festa, come battesimi, cresime e matrimoni, e prepariamo pizze e piatti da asporto da gustare a casa.',
    en: 'We also cater for your special days, such as baptisms, confirmations and weddings, and prepare pizzas and dishes to take away and enjoy at home.',
    fr: 'Nous assurons aussi le service traiteur pour vos jours de fête, comme les baptêmes, les confirmations et les mariages, et nous préparons pizzas et plats à emporter, à savourer chez vous.',
    es: 'También ofrecemos catering para tus días de fiesta, como bautizos, confirmaciones y bodas, y preparamos pizzas y platos para llevar y disfrutar en casa.',
    de: 'Gern übernehmen wir auch das Catering für Ihre Feste, etwa Taufen, Firmungen und Hochzeiten, und bereiten Pizzen und Gerichte zum Mitnehmen zu.',
  },
  'home.grid.title': {
    it: 'Dalla nostra cucina',
    en: 'From our kitchen',
    fr: 'De notre cuisine',
    es: 'De nuestra cocina',
    de: 'Aus unserer Küche',
  },
  'home.grid.intro': {
    it: 'Qualche assaggio di quello che vi aspetta.',
    en: 'A little taste of what awaits you.',
    fr: 'Un avant-goût de ce qui vous attend.',
    es: 'Un pequeño anticipo de lo que te espera.',
    de: 'Ein kleiner Vorgeschmack auf das, was Sie erwartet.',
  },
  'home.experience.title': {
    it: "Un'esperienza di cucina siciliana",
    en: 'A taste of Sicilian cooking',
    fr: 'Une expérience de cuisine sicilienne',
    es: 'Una experiencia de cocina siciliana',
    de: 'Sizilianische Küche erleben',
  },
  'home.experience.text1': {
    it: 'Il nostro chef accende il forno a legna ogni mattina e cucina come gli hanno insegnato: ingredienti semplici, tempi giusti e tanto rispetto per la tradizione. Dai crudi di gamberi rossi agli spaghetti ai ricci, dalla grigliata di carne ai cannoli riempiti al momento.',
    en: 'Our chef lights the wood-fired oven every morning and cooks the way he was taught: simple ingredients, patience and plenty of respect for tradition. From raw red prawns to spaghetti with sea urchin, from mixed grilled meats to cannoli filled while you wait.',
    fr: "Notre chef allume le four à bois chaque matin et cuisine comme on le lui a appris : des ingrédients simples, le temps qu'il faut et beaucoup de respect pour la tradition. Des crevettes rouges crues aux spaghetti aux oursins, de la grillade de viandes aux cannoli garnis à la minute.",
    es: 'Nuestro chef enciende el horno de leña cada mañana y cocina como le enseñaron: ingredientes sencillos, el tiempo justo y mucho respeto por la tradición. Desde las gambas rojas crudas hasta los espaguetis con erizos, desde la parrillada de carne hasta los cannoli rellenos al momento.',
    de: 'Unser Küchenchef heizt jeden Morgen den Holzofen an und kocht so, wie er es gelernt hat: mit einfachen Zutaten, der nötigen Zeit und viel Respekt vor der Tradition. Von rohen roten Garnelen über Spaghetti mit Seeigel bis zur gemischten Fleischplatte und Cannoli, die frisch gefüllt werden.',
  },
  'about.intro': {
    it: 'Una famiglia, un forno a legna e il mare davanti: ecco chi siamo.',
    en: 'A family, a wood-fired oven and the sea right in front of us: this is who we are.',
    fr: 'Une famille, un four à bois et la mer juste devant nous : voilà qui nous sommes.',
    es: 'Una familia, un horno de leña y el mar delante: así somos.',
    de: 'Eine Familie, ein Holzofen und das Meer direkt vor der Tür: Das sind wir.',
  },
  'about.experience.title': {
    it: 'Oltre {years} anni di passione',
    en: 'Over {years} years of passion',
    fr: 'Plus de {years} ans de passion',
    es: 'Más de {years} años de pasión',
    de: 'Über {years} Jahre Leidenschaft',
  },
  'about.experience.text1': {
    it: 'Dal {year} la nostra famiglia accoglie a tavola chi arriva a {place}: pescatori del posto, famiglie in vacanza, viaggiatori di passaggio. In più di {years} anni di esperienza sono cambiate le stagioni e le generazioni, ma non il nostro modo di cucinare.',
    en: 'Since {year} our family has welcomed everyone who comes to {place}: local fishermen, families on holiday, travellers passing through. In more than {years} years of experience the seasons and the generations have changed, but our way of cooking has not.',
    fr: "Depuis {year}, notre famille accueille à sa table tous ceux qui arrivent à {place} : pêcheurs du coin, familles en vacances, voyageurs de passage. En plus de {years} ans d'expérience, les saisons et les générations ont changé, mais pas notre façon de cuisiner.",
    es: 'Desde {year} nuestra familia recibe en su mesa a quien llega a {place}: pescadores del pueblo, familias de vacaciones, viajeros de paso. En más de {years} años de experiencia han cambiado las estaciones y las generaciones, pero no nuestra forma de cocinar.',
    de: 'Seit {year} empfängt unsere Familie alle, die nach {place} kommen: Fischer aus dem Ort, Familien im Urlaub, Reisende auf der Durchreise. In mehr als {years} Jahren Erfahrung haben sich die Jahreszeiten und die Generationen geändert, unsere Art zu kochen aber nicht.',
  },
  'about.experience.text2': {
    it: 'Ogni mattina scegliamo il pesce dalle barche che rientrano in porto, impastiamo la pizza con lievitazione lenta e portiamo in sala i sapori che ci hanno cresciuti.',
    en: 'Every morning we choose our fish from the boats coming back into harbour, make our pizza dough with a slow rise and bring to the table the flavours we grew up with.',
    fr: 'Chaque matin, nous choisissons le poisson sur les bateaux qui rentrent au port, nous préparons la pâte à pizza avec une levée lente et nous servons les saveurs avec lesquelles nous avons grandi.',
    es: 'Cada mañana elegimos el pescado de las barcas que vuelven a puerto, preparamos la masa de la pizza con una fermentación lenta y llevamos a la mesa los sabores con los que crecimos.',
    de: 'Jeden Morgen wählen wir den Fisch direkt von den Booten, die in den Hafen zurückkehren, lassen unseren Pizzateig langsam reifen und bringen die Aromen auf den Tisch, mit denen wir aufgewachsen sind.',
  },
  'about.tonnara.title': {
    it: "Dove un tempo c'era una tonnara",
    en: 'Where a tuna fishery once stood',
    fr: 'Là où se dressait une madrague',
    es: 'Donde antes hubo una almadraba',
    de: 'Wo einst eine Tonnara stand',
  },
  'about.tonnara.text1': {
    it: "Le nostre sale erano i magazzini di un'antica tonnara. Qui, per generazioni, i tonnaroti riparavano le reti e preparavano le barche per la mattanza, l'antico rito della pesca del tonno rosso che ogni primavera richiamava tutto il paese sulla spiaggia.",
    en: 'Our dining rooms were once the storehouses of an old tonnara, a tuna fishery. Here, for generations, the fishermen mended their nets and readied the boats for the mattanza, the ancient bluefin tuna catch that drew the whole village to the beach every spring.',
    fr: "Nos salles étaient autrefois les entrepôts d'une ancienne tonnara, une madrague. Pendant des générations, les pêcheurs y ont réparé leurs filets et préparé les barques pour la mattanza, l'antique pêche au thon rouge qui, chaque printemps, rassemblait tout le village sur la plage.",
    es: 'Nuestros comedores fueron los almacenes de una antigua tonnara, una almadraba. Aquí, durante generaciones, los pescadores remendaban las redes y preparaban las barcas para la mattanza, la antigua pesca del atún rojo que cada primavera reunía a todo el pueblo en la playa.',
    de: 'Unsere Gasträume waren einst die Lagerhallen einer alten Tonnara, einer Thunfischfangstation. Hier flickten die Fischer über Generationen ihre Netze und bereiteten die Boote für die Mattanza vor, den uralten Fang des Roten Thuns, der jedes Frühjahr das ganze Dorf an den Strand lockte.',
  },
  'about.tonnara.text2': {
    it: "Abbiamo restaurato le volte in pietra e le travi di legno, conservando ancore, reti e fotografie d'epoca: cenare da noi significa sedersi dentro un pezzo di storia del mare.",
    en: "We have restored the stone vaults and the wooden beams and kept the anchors, nets and old photographs: dining with us means sitting inside a piece of the sea's history.",
    fr: "Nous avons restauré les voûtes en pierre et les poutres en bois, en conservant ancres, filets et photographies d'époque : dîner chez nous, c'est s'asseoir au cœur de l'histoire de la mer.",
    es: 'Hemos restaurado las bóvedas de piedra y las vigas de madera, conservando anclas, redes y fotografías de época: cenar con nosotros es sentarse dentro de un pedazo de la historia del mar.',
    de: 'Wir haben die Steingewölbe und die Holzbalken restauriert und Anker, Netze und alte Fotografien bewahrt: Wer bei uns isst, sitzt mitten in einem Stück Geschichte des Meeres.',
  },
  'about.services.title': {
    it: 'I nostri servizi',
    en: 'Our services',
    fr: 'Nos services',
    es: 'Nuestros servicios',
    de: 'Unser Service',
  },
  'about.services.text': {
    it: 'Oltre alla sala e alla terrazza estiva, possiamo portare la nostra cucina dove ne avete bisogno:',
    en: 'Beyond our dining room and summer terrace, we can bring our cooking wherever you need it:',
    fr: "En plus de notre salle et de la terrasse d'été, nous pouvons apporter notre cuisine là où vous en avez besoin :",
    es: 'Además del comedor y de la terraza de verano, podemos llevar nuestra cocina allí donde la necesites:',
    de: 'Neben unserem Gastraum und der Sommerterrasse bringen wir unsere Küche gern dorthin, wo Sie sie brauchen:',
  },
  'about.services.items': {
    it: 'Catering per eventi: battesimi, cresime, matrimoni e feste private, con menu studiati insieme a voi.\nAsporto: pizze dal forno a legna e piatti della cucina, pronti da portare a casa.\nMenu per gruppi, cene di lavoro e ricorrenze in sala o in terrazza.',
    en: 'Event catering: baptisms, confirmations, weddings and private parties, with menus planned together with you.\nTakeaway: pizzas from the wood-fired oven and dishes from our kitchen, ready to take home.\nMenus for groups, business dinners and celebrations, in the dining room or on the terrace.',
    fr: "Traiteur pour vos événements : baptêmes, confirmations, mariages et fêtes privées, avec des menus conçus avec vous.\nVente à emporter : pizzas du four à bois et plats de notre cuisine, prêts à emporter.\nMenus pour les groupes, les dîners d'affaires et les anniversaires, en salle ou en terrasse.",
    es: 'Catering para eventos: bautizos, confirmaciones, bodas y fiestas privadas, con menús pensados contigo.\nComida para llevar: pizzas del horno de leña y platos de nuestra cocina, listos para llevar a casa.\nMenús para grupos, cenas de empresa y celebraciones, en el comedor o en la terraza.',
    de: 'Catering für Feiern: Taufen, Firmungen, Hochzeiten und private Feste, mit Menüs, die wir gemeinsam mit Ihnen planen.\nZum Mitnehmen: Pizzen aus dem Holzofen und Gerichte aus unserer Küche, fertig für zu Hause.\nMenüs für Gruppen, Geschäftsessen und Jubiläen, im Gastraum oder auf der Terrasse.',
  },
  'about.services.closing': {
    it: 'Raccontateci la vostra idea: al resto pensiamo noi. Vi aspettiamo!',
    en: 'Tell us your idea and we will take care of the rest. We look forward to seeing you!',
    fr: 'Racontez-nous votre projet, nous nous occupons du reste. À très bientôt !',
    es: 'Cuéntanos tu idea y nosotros nos encargamos del resto. ¡Te esperamos!',
    de: 'Erzählen Sie uns von Ihrer Idee, um den Rest kümmern wir uns. Wir freuen uns auf Ihren Besuch!',
  },
  'meta.home.description': {
    it: 'Pesce fresco, pizze cotte nel forno a legna e una terrazza estiva vista mare. Oltre {years} anni di cucina siciliana.',
    en: 'Fresh fish, wood-fired pizzas and a summer terrace with a sea view. Over {years} years of Sicilian cooking.',
    fr: "Poisson frais, pizzas au feu de bois et une terrasse d'été avec vue sur la mer. Plus de {years} ans de cuisine sicilienne.",
    es: 'Pescado fresco, pizzas al horno de leña y una terraza de verano con vistas al mar. Más de {years} años de cocina siciliana.',
    de: 'Frischer Fisch, Pizza aus dem Holzofen und eine Sommerterrasse mit Meerblick. Über {years} Jahre sizilianische Küche.',
  },
  'meta.menu.description': {
    it: 'Antipasti, primi, secondi di carne e di pesce, 30 pizze al forno a legna, dessert e bevande, con i prezzi.',
    en: 'Starters, first courses, meat and fish dishes, 30 wood-fired pizzas, desserts and drinks, with prices.',
    fr: 'Entrées, premiers plats, viandes et poissons, 30 pizzas au feu de bois, desserts et boissons, avec les prix.',
    es: 'Entrantes, primeros, carnes y pescados, 30 pizzas al horno de leña, postres y bebidas, con precios.',
    de: 'Vorspeisen, erste Gänge, Fleisch- und Fischgerichte, 30 Pizzen aus dem Holzofen, Desserts und Getränke, mit Preisen.',
  },
  'meta.about.description': {
    it: "Oltre {years} anni di esperienza in un'antica tonnara sul mare: la nostra storia, il catering per eventi e l'asporto.",
    en: 'Over {years} years of experience in a former tuna fishery by the sea: our story, event catering and takeaway.',
    fr: "Plus de {years} ans d'expérience dans une ancienne madrague au bord de la mer : notre histoire, le traiteur pour vos événements et la vente à emporter.",
    es: 'Más de {years} años de experiencia en una antigua almadraba junto al mar: nuestra historia, el catering para eventos y la comida para llevar.',
    de: 'Über {years} Jahre Erfahrung in einer ehemaligen Thunfischfangstation am Meer: unsere Geschichte, Catering für Feiern und Essen zum Mitnehmen.',
  },
  'meta.contact.description': {
    it: "Chiamaci, scrivici un'e-mail o un messaggio: indirizzo, numeri di telefono e modulo di contatto.",
    en: 'Call, e-mail or write to us: address, phone numbers and a contact form.',
    fr: 'Appelez-nous, envoyez-nous un e-mail ou un message : adresse, numéros de téléphone et formulaire de contact.',
    es: 'Llámanos, escríbenos un correo o un mensaje: dirección, teléfonos y formulario de contacto.',
    de: 'Rufen Sie uns an oder schreiben Sie uns: Adresse, Telefonnummern und Kontaktformular.',
  },
  'meta.reservations.description': {
    it: "Prenota online un tavolo sul mare: scegli il giorno, l'ora e quante persone siete, e ricevi la conferma per e-mail.",
    en: 'Book a table by the sea online: choose the day, the time and how many you are, and get the confirmation by e-mail.',
    fr: "Réservez en ligne une table au bord de la mer : choisissez le jour, l'heure et le nombre de personnes, et recevez la confirmation par e-mail.",
    es: 'Reserva en línea una mesa junto al mar: elige el día, la hora y cuántas personas sois, y recibe la confirmación por correo electrónico.',
    de: 'Reservieren Sie online einen Tisch am Meer: Wählen Sie Tag, Uhrzeit und Personenzahl und erhalten Sie die Bestätigung per E-Mail.',
  },
};

/**
 * The restaurant's own words move into the database, so that the owner
 * changes them without a developer: one row per text (its key in
 * src/shared/schemas/site-texts.ts), in Italian. Their translations live in
 * the translation engine's store (entity `site_texts`, record 1, the key as
 * its field), and the shipped ones are seeded there marked as staff-written,
 * as the menu's were (migration 008): people wrote them.
 */
export async function up(db: AnyDatabase): Promise<void> {
  await db.schema
    .createTable('site_texts')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('text', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('updated_by', 'integer', (col) =>
      col.references('staff_users.id').onDelete('set null'),
    )
    .execute();

  const now = new Date().toISOString();
  const entries = Object.entries(SHIPPED);
  await db
    .insertInto('site_texts')
    .values(entries.map(([key, texts]) => ({ key, text: texts.it, updated_at: now })))
    .execute();
  await db
    .insertInto('text_translations')
    .values(
      entries.flatMap(([key, texts]) =>
        TARGET_LANGS.map((lang) => ({
          entity: 'site_texts',
          entity_id: 1,
          field: key,
          lang,
          kind: 'staff',
          source_hash: sourceHash(texts.it),
          text: texts[lang],
          updated_at: now,
          updated_by: null,
        })),
      ),
    )
    .execute();
}

export async function down(db: AnyDatabase): Promise<void> {
  await db.deleteFrom('text_translations').where('entity', '=', 'site_texts').execute();
  await db.schema.dropTable('site_texts').execute();
}

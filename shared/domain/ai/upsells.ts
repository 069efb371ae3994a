import { categoryOfService, serviceFromText, type CategorySlug } from '../catalogue/categories.ts';

/**
 * AI upsell suggestions (docs/product.md#ai-upsells): premium add-ons a contractor could sell on top
 * of a subscription service, each with a monthly price in CAD dollars. The built-in generator
 * works offline: it finds the service's category from the words of the service type (English or
 * French, accents and case ignored) and answers that category's curated add-ons in the reader's
 * language. An optional model (shared/ai/upsell-provider.ts) may answer instead; its answer must
 * pass `upsellsAnswer`, or the built-in one is used.
 */
import { UPSELL_LIMITS, UPSELL_MESSAGES, upsellSchema, upsellsAnswer, type Upsell } from './answer.ts';

export { UPSELL_LIMITS, UPSELL_MESSAGES, upsellSchema, upsellsAnswer, type Upsell };

type Locale = 'en' | 'fr';
type Item = { en: [string, string]; fr: [string, string]; price: number };
type Family = CategorySlug | 'general';

/** Words that name each family beyond the catalogue's own service names (folded: no accents, lower case). */
const KEYWORDS: Record<Exclude<Family, 'general'>, string[]> = {
  cleaning: ['clean', 'maid', 'housekeep', 'window', 'wash', 'menage', 'nettoy', 'entretien menager', 'vitre'],
  outdoor: [
    'lawn',
    'yard',
    'garden',
    'snow',
    'landscap',
    'hedge',
    'pelouse',
    'tonte',
    'jardin',
    'deneig',
    'neige',
    'terrain',
    'haie',
  ],
  moving: ['moving', 'mover', 'assembl', 'junk', 'haul', 'demenag', 'montage', 'meuble', 'dechet'],
  repairs: ['repair', 'handyman', 'plumb', 'electric', 'fix', 'renovat', 'reparation', 'plomb', 'electri', 'bricol'],
  painting: ['paint', 'drywall', 'floor', 'peintur', 'cloison', 'plancher', 'revetement'],
  pets: ['pet', 'dog', 'cat', 'walk', 'groom', 'animal', 'chien', 'chat', 'promenade', 'toilettage'],
  errands: ['grocer', 'errand', 'deliver', 'shopping', 'epicerie', 'commission', 'livraison', 'course'],
  lessons: [
    'tutor',
    'lesson',
    'teach',
    'music',
    'computer',
    'tech',
    'cours',
    'tutorat',
    'musique',
    'informatique',
    'enseign',
  ],
};

const CATALOGUE: Record<Family, Item[]> = {
  cleaning: [
    {
      en: ['Eco-friendly products', 'Certified green cleaning products, safe for children and pets.'],
      fr: [
        'Produits écologiques',
        'Produits de nettoyage certifiés écologiques, sans danger pour les enfants et les animaux.',
      ],
      price: 15,
    },
    {
      en: ['Pet hair treatment', 'Extra vacuuming and lint work on furniture, rugs and stairs.'],
      fr: [
        'Traitement des poils d’animaux',
        'Aspiration et défeutrage supplémentaires des meubles, tapis et escaliers.',
      ],
      price: 10,
    },
    {
      en: ['Inside oven and fridge', 'The oven and fridge cleaned inside once a month.'],
      fr: ['Four et réfrigérateur', 'L’intérieur du four et du réfrigérateur nettoyé une fois par mois.'],
      price: 12,
    },
    {
      en: ['Linen change', 'Beds made with fresh linen at every visit.'],
      fr: ['Changement de literie', 'Lits refaits avec des draps propres à chaque visite.'],
      price: 8,
    },
    {
      en: ['Monthly deep clean', 'Baseboards, inside cabinets and light fixtures once a month.'],
      fr: ['Grand ménage mensuel', 'Plinthes, intérieur des armoires et luminaires une fois par mois.'],
      price: 20,
    },
  ],
  outdoor: [
    {
      en: ['Edging and trimming', 'Clean edges along walks, beds and fences at every visit.'],
      fr: ['Bordures et finition', 'Bordures nettes le long des allées, plates-bandes et clôtures à chaque visite.'],
      price: 12,
    },
    {
      en: ['Seasonal fertilizing', 'A fertilizer and weed treatment suited to the season.'],
      fr: ['Fertilisation saisonnière', 'Un traitement d’engrais et de mauvaises herbes adapté à la saison.'],
      price: 18,
    },
    {
      en: ['Clippings and leaves hauled away', 'Green waste bagged and taken away, nothing left at the curb.'],
      fr: ['Ramassage des résidus', 'Résidus verts ensachés et emportés, rien ne reste en bordure de rue.'],
      price: 10,
    },
    {
      en: ['Priority storm service', 'First in line after a snowfall or a storm.'],
      fr: ['Service prioritaire après tempête', 'Premier servi après une chute de neige ou une tempête.'],
      price: 25,
    },
    {
      en: ['Garden bed care', 'Weeding and mulching of flower beds once a month.'],
      fr: ['Entretien des plates-bandes', 'Désherbage et paillage des plates-bandes une fois par mois.'],
      price: 15,
    },
  ],
  moving: [
    {
      en: ['Packing supplies included', 'Boxes, tape and wrap brought to every job.'],
      fr: ['Fournitures d’emballage', 'Boîtes, ruban et pellicule fournis à chaque travail.'],
      price: 15,
    },
    {
      en: ['Furniture protection', 'Blankets and corner guards for every piece moved.'],
      fr: ['Protection des meubles', 'Couvertures et protège-coins pour chaque meuble déplacé.'],
      price: 10,
    },
    {
      en: ['Disposal runs', 'One trip a month to the eco-centre for what you no longer need.'],
      fr: ['Voyages à l’écocentre', 'Un voyage par mois à l’écocentre pour ce dont vous ne voulez plus.'],
      price: 20,
    },
    {
      en: ['Same-week scheduling', 'A visit within the week when you need a hand.'],
      fr: ['Rendez-vous dans la semaine', 'Une visite dans la semaine quand vous avez besoin d’aide.'],
      price: 12,
    },
  ],
  repairs: [
    {
      en: ['Priority call-outs', 'Urgent repairs handled first, within 24 hours.'],
      fr: ['Interventions prioritaires', 'Réparations urgentes traitées en premier, dans les 24 heures.'],
      price: 25,
    },
    {
      en: ['Seasonal home check', 'A walk-through of doors, windows, taps and seals each season.'],
      fr: ['Inspection saisonnière', 'Vérification des portes, fenêtres, robinets et joints à chaque saison.'],
      price: 15,
    },
    {
      en: ['Small parts included', 'Washers, fuses, hinges and screws at no extra cost.'],
      fr: ['Petites pièces incluses', 'Rondelles, fusibles, charnières et vis sans frais supplémentaires.'],
      price: 8,
    },
    {
      en: ['Photo report', 'Before and after photos of every repair.'],
      fr: ['Rapport photo', 'Photos avant et après de chaque réparation.'],
      price: 5,
    },
  ],
  painting: [
    {
      en: ['Touch-up visits', 'Scuffs and chips touched up every month.'],
      fr: ['Retouches mensuelles', 'Éraflures et éclats retouchés chaque mois.'],
      price: 15,
    },
    {
      en: ['Premium low-VOC paint', 'Low-odour paint for homes with children or pets.'],
      fr: ['Peinture à faible COV', 'Peinture à faible odeur pour les maisons avec enfants ou animaux.'],
      price: 12,
    },
    {
      en: ['Furniture moving and protection', 'Furniture moved and floors covered before work.'],
      fr: ['Déplacement et protection des meubles', 'Meubles déplacés et planchers protégés avant les travaux.'],
      price: 10,
    },
    {
      en: ['Colour consultation', 'Help choosing colours and finishes.'],
      fr: ['Conseils couleurs', 'Aide au choix des couleurs et des finis.'],
      price: 20,
    },
  ],
  pets: [
    {
      en: ['Extra walk', 'A second walk on the days you choose.'],
      fr: ['Promenade supplémentaire', 'Une deuxième promenade les jours de votre choix.'],
      price: 20,
    },
    {
      en: ['Photo updates', 'Photos and a short note after every visit.'],
      fr: ['Nouvelles en photos', 'Photos et petit mot après chaque visite.'],
      price: 5,
    },
    {
      en: ['Brushing and paw care', 'A quick brush and paw clean at each visit.'],
      fr: ['Brossage et soin des pattes', 'Un brossage rapide et le nettoyage des pattes à chaque visite.'],
      price: 10,
    },
    {
      en: ['Medication given', 'Pills or drops given as your vet prescribed.'],
      fr: ['Médicaments administrés', 'Comprimés ou gouttes donnés selon l’ordonnance du vétérinaire.'],
      price: 8,
    },
  ],
  errands: [
    {
      en: ['Same-day delivery', 'Orders placed before noon delivered the same day.'],
      fr: ['Livraison le jour même', 'Commandes passées avant midi livrées le jour même.'],
      price: 15,
    },
    {
      en: ['Pharmacy pick-ups', 'Prescriptions picked up and brought home.'],
      fr: ['Cueillette à la pharmacie', 'Ordonnances récupérées et livrées à domicile.'],
      price: 10,
    },
    {
      en: ['Put-away service', 'Groceries put away in the fridge and pantry.'],
      fr: ['Rangement des achats', 'Épicerie rangée au réfrigérateur et au garde-manger.'],
      price: 8,
    },
    {
      en: ['Returns and drop-offs', 'Parcels returned and dropped off for you.'],
      fr: ['Retours et dépôts', 'Colis retournés et déposés pour vous.'],
      price: 6,
    },
  ],
  lessons: [
    {
      en: ['Progress reports', 'A written progress note every month.'],
      fr: ['Bulletins de progrès', 'Une note écrite sur les progrès chaque mois.'],
      price: 10,
    },
    {
      en: ['Practice materials', 'Exercises and sheets prepared for the week.'],
      fr: ['Matériel d’exercice', 'Exercices et fiches préparés pour la semaine.'],
      price: 12,
    },
    {
      en: ['Message support between lessons', 'Questions answered by message during the week.'],
      fr: ['Soutien par message', 'Réponses aux questions par message pendant la semaine.'],
      price: 15,
    },
    {
      en: ['Exam preparation', 'A focused session before each test or recital.'],
      fr: ['Préparation aux examens', 'Une séance ciblée avant chaque examen ou récital.'],
      price: 20,
    },
  ],
  general: [
    {
      en: ['Priority scheduling', 'Your visits booked first, at the times you prefer.'],
      fr: ['Réservation prioritaire', 'Vos visites réservées en premier, aux heures que vous préférez.'],
      price: 15,
    },
    {
      en: ['Photo report', 'Before and after photos of every visit.'],
      fr: ['Rapport photo', 'Photos avant et après de chaque visite.'],
      price: 5,
    },
    {
      en: ['Weekend availability', 'Visits on Saturdays and Sundays.'],
      fr: ['Disponibilité la fin de semaine', 'Des visites le samedi et le dimanche.'],
      price: 12,
    },
    {
      en: ['Supplies included', 'Everything needed brought to each visit.'],
      fr: ['Fournitures incluses', 'Tout le nécessaire apporté à chaque visite.'],
      price: 10,
    },
  ],
};

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** The family a service type belongs to: a catalogue service's name, else the most keywords matched. */
export function upsellFamily(serviceType: string): Family {
  const service = serviceFromText(serviceType.trim());
  if (service) return categoryOfService(service) ?? 'general';
  const words = ` ${fold(serviceType)}`;
  let best: Family = 'general';
  let bestHits = 0;
  for (const [family, keywords] of Object.entries(KEYWORDS) as [Exclude<Family, 'general'>, string[]][]) {
    const hits = keywords.filter((keyword) => words.includes(` ${keyword}`)).length;
    if (hits > bestHits) {
      best = family;
      bestHits = hits;
    }
  }
  return best;
}

/** The built-in generator: the family's add-ons, in the reader's language. */
export function builtInUpsells(serviceType: string, locale: Locale): Upsell[] {
  return CATALOGUE[upsellFamily(serviceType)].map((item) => {
    const [name, description] = item[locale];
    return { name, description, price: item.price };
  });
}

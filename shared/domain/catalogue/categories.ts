/**
 * The service taxonomy: categories and the services in each. Work orders carry a category (and
 * optionally a service); offerings carry a service; the service directory counts contractors per
 * service. Slugs are stable identifiers stored in events; labels are display text in both languages.
 * The twelve landing-page suggestions (docs/product.md#catalogue) are all services here.
 */
export type ServiceDefinition = { slug: string; en: string; fr: string };
export type CategoryDefinition = { slug: string; en: string; fr: string; services: readonly ServiceDefinition[] };

export const serviceCategories = [
  {
    slug: 'cleaning',
    en: 'Cleaning',
    fr: 'Nettoyage',
    services: [
      { slug: 'house-cleaning', en: 'House Cleaning', fr: 'Ménage résidentiel' },
      { slug: 'window-cleaning', en: 'Window Cleaning', fr: 'Lavage de vitres' },
      { slug: 'pressure-washing', en: 'Pressure Washing', fr: 'Lavage à pression' },
      { slug: 'move-out-cleaning', en: 'Move-out Cleaning', fr: 'Nettoyage de fin de bail' },
    ],
  },
  {
    slug: 'outdoor',
    en: 'Yard & Outdoor',
    fr: 'Terrain et extérieur',
    services: [
      { slug: 'yard-work', en: 'Yard Work', fr: 'Entretien de terrain' },
      { slug: 'lawn-mowing', en: 'Lawn Mowing', fr: 'Tonte de pelouse' },
      { slug: 'snow-removal', en: 'Snow Removal', fr: 'Déneigement' },
      { slug: 'gardening', en: 'Gardening', fr: 'Jardinage' },
    ],
  },
  {
    slug: 'moving',
    en: 'Moving & Assembly',
    fr: 'Déménagement et montage',
    services: [
      { slug: 'moving-help', en: 'Moving Help', fr: 'Aide au déménagement' },
      { slug: 'furniture-assembly', en: 'Furniture Assembly', fr: 'Montage de meubles' },
      { slug: 'junk-removal', en: 'Junk Removal', fr: 'Enlèvement de déchets' },
    ],
  },
  {
    slug: 'repairs',
    en: 'Home Repair',
    fr: 'Réparations résidentielles',
    services: [
      { slug: 'home-repair', en: 'Home Repair', fr: 'Réparations à domicile' },
      { slug: 'handyman-services', en: 'Handyman Services', fr: 'Homme à tout faire' },
      { slug: 'plumbing', en: 'Plumbing', fr: 'Plomberie' },
      { slug: 'electrical', en: 'Electrical', fr: 'Électricité' },
    ],
  },
  {
    slug: 'painting',
    en: 'Painting & Renovation',
    fr: 'Peinture et rénovation',
    services: [
      { slug: 'painting', en: 'Painting', fr: 'Peinture' },
      { slug: 'drywall', en: 'Drywall', fr: 'Cloisons sèches' },
      { slug: 'flooring', en: 'Flooring', fr: 'Revêtement de sol' },
    ],
  },
  {
    slug: 'pets',
    en: 'Pet Care',
    fr: 'Soins des animaux',
    services: [
      { slug: 'pet-care', en: 'Pet Care', fr: 'Soins des animaux' },
      { slug: 'dog-walking', en: 'Dog Walking', fr: 'Promenade de chiens' },
      { slug: 'pet-sitting', en: 'Pet Sitting', fr: 'Garde d’animaux' },
    ],
  },
  {
    slug: 'errands',
    en: 'Errands & Delivery',
    fr: 'Courses et livraison',
    services: [
      { slug: 'grocery-shopping', en: 'Grocery Shopping', fr: 'Épicerie' },
      { slug: 'delivery-errands', en: 'Delivery & Errands', fr: 'Livraisons et commissions' },
    ],
  },
  {
    slug: 'lessons',
    en: 'Lessons & Tech Help',
    fr: 'Cours et aide informatique',
    services: [
      { slug: 'tutoring', en: 'Tutoring', fr: 'Tutorat' },
      { slug: 'computer-help', en: 'Computer Help', fr: 'Aide informatique' },
      { slug: 'music-lessons', en: 'Music Lessons', fr: 'Cours de musique' },
    ],
  },
] as const satisfies readonly CategoryDefinition[];

export type CategorySlug = (typeof serviceCategories)[number]['slug'];
export type ServiceSlug = (typeof serviceCategories)[number]['services'][number]['slug'];

export const categorySlugs = serviceCategories.map((c) => c.slug) as [CategorySlug, ...CategorySlug[]];
export const serviceSlugs = serviceCategories.flatMap((c) => c.services.map((s) => s.slug)) as [
  ServiceSlug,
  ...ServiceSlug[],
];

export function categoryOfService(service: string): CategorySlug | null {
  return serviceCategories.find((c) => c.services.some((s) => s.slug === service))?.slug ?? null;
}

export function isCategorySlug(value: string): value is CategorySlug {
  return (categorySlugs as readonly string[]).includes(value);
}

export function isServiceSlug(value: string): value is ServiceSlug {
  return (serviceSlugs as readonly string[]).includes(value);
}

/**
 * The service a free-text title names, if any (case- and accent-insensitive, English or French
 * label): lets the landing search's 'House Cleaning' select the house-cleaning service, and maps
 * offerings created before services existed.
 */
export function serviceFromText(text: string): ServiceSlug | null {
  const fold = (s: string) =>
    s
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .trim();
  const wanted = fold(text);
  if (!wanted) return null;
  for (const category of serviceCategories) {
    for (const service of category.services) {
      if (fold(service.en) === wanted || fold(service.fr) === wanted || service.slug === wanted) return service.slug;
    }
  }
  return null;
}

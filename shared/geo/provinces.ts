/**
 * Canada's provinces and territories with their main IANA time zone. Canada spans six time zones
 * (Pacific, Mountain, Central, Eastern, Atlantic, Newfoundland); Saskatchewan keeps Central Standard
 * Time all year, so it has its own zone id even though it shares the Central offset in winter.
 */
export const provinces = [
  { code: 'AB', en: 'Alberta', fr: 'Alberta', timeZone: 'America/Edmonton' },
  { code: 'BC', en: 'British Columbia', fr: 'Colombie-Britannique', timeZone: 'America/Vancouver' },
  { code: 'MB', en: 'Manitoba', fr: 'Manitoba', timeZone: 'America/Winnipeg' },
  { code: 'NB', en: 'New Brunswick', fr: 'Nouveau-Brunswick', timeZone: 'America/Moncton' },
  { code: 'NL', en: 'Newfoundland and Labrador', fr: 'Terre-Neuve-et-Labrador', timeZone: 'America/St_Johns' },
  { code: 'NS', en: 'Nova Scotia', fr: 'Nouvelle-Écosse', timeZone: 'America/Halifax' },
  { code: 'NT', en: 'Northwest Territories', fr: 'Territoires du Nord-Ouest', timeZone: 'America/Yellowknife' },
  { code: 'NU', en: 'Nunavut', fr: 'Nunavut', timeZone: 'America/Iqaluit' },
  { code: 'ON', en: 'Ontario', fr: 'Ontario', timeZone: 'America/Toronto' },
  { code: 'PE', en: 'Prince Edward Island', fr: 'Île-du-Prince-Édouard', timeZone: 'America/Halifax' },
  { code: 'QC', en: 'Quebec', fr: 'Québec', timeZone: 'America/Toronto' },
  { code: 'SK', en: 'Saskatchewan', fr: 'Saskatchewan', timeZone: 'America/Regina' },
  { code: 'YT', en: 'Yukon', fr: 'Yukon', timeZone: 'America/Whitehorse' },
] as const;

export type ProvinceCode = (typeof provinces)[number]['code'];
export const provinceCodes = provinces.map((p) => p.code) as [ProvinceCode, ...ProvinceCode[]];

/** The time zones a contractor may choose: Canada's six, plus the regional ids people live by. */
export const canadianTimeZones = [
  { id: 'America/Vancouver', en: 'Pacific Time', fr: 'Heure du Pacifique' },
  { id: 'America/Edmonton', en: 'Mountain Time', fr: 'Heure des Rocheuses' },
  {
    id: 'America/Regina',
    en: 'Central Time (Saskatchewan, no DST)',
    fr: 'Heure du Centre (Saskatchewan, sans heure avancée)',
  },
  { id: 'America/Winnipeg', en: 'Central Time', fr: 'Heure du Centre' },
  { id: 'America/Toronto', en: 'Eastern Time', fr: 'Heure de l’Est' },
  { id: 'America/Halifax', en: 'Atlantic Time', fr: 'Heure de l’Atlantique' },
  { id: 'America/St_Johns', en: 'Newfoundland Time', fr: 'Heure de Terre-Neuve' },
] as const;

export type CanadianTimeZone = (typeof canadianTimeZones)[number]['id'];
export const canadianTimeZoneIds = canadianTimeZones.map((z) => z.id) as [CanadianTimeZone, ...CanadianTimeZone[]];

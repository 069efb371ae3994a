/** The catalogue's limits and fixed messages: pure constants, shared by the deciders and the HTTP shapes. */

export const MAX_EXPERTISE_STATEMENT = 500;
export const MAX_YEARS_OF_EXPERIENCE = 100;
export const MIN_SERVICE_TITLE = 3;
export const MIN_SERVICE_DESCRIPTION = 20;

export const SERVICE_RADIUS_KM = { min: 1, max: 250, default: 25 } as const;
export const MAX_SERVICES = 12;
/** $2,000 an hour: above it a rate is a typo, not a price. */
export const MAX_HOURLY_RATE_CENTS = 200_000;

export const RADIUS_MESSAGE = 'The service radius must be a whole number of kilometres from 1 to 250';
export const SERVICES_MESSAGE = 'Choose from 1 to 12 services you offer';
export const LOCATION_MESSAGE =
  'We could not find this place in Canada. Write a city (such as Montréal, QC) or a postal code (A1A 1A1).';
export const HOURLY_RATE_MESSAGE = 'The hourly rate must be an amount from $1 to $2,000';

export const MAX_BARTER_WANTS = 300;
export const OFFERING_MESSAGES = {
  notFound: 'This service offering does not exist.',
  notYours: 'Only the contractor who offers this service can change it.',
  alreadyPaused: 'This service is already paused.',
  notPaused: 'This service is not paused.',
  barterWants: 'What you would like in return must be at most 300 characters',
} as const;

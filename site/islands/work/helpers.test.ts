import { describe, expect, it } from 'vitest';
import { WORK_MESSAGES } from '../../../shared/domain/work/rules.ts';
import { POSTAL_CODE_MESSAGE } from '../../../shared/geo/postal-code.ts';
import { workMessages } from '../../i18n/messages/work.ts';
import { budgetText, dateText } from './format.ts';
import { browseParams, filtersFromQuery } from './JobBrowser.tsx';
import { searchDestination } from './PlatformHub.tsx';
import { parseHours } from './ProposalDialog.tsx';
import { emptyDraft, validateDraft } from './WorkOrderForm.tsx';

const m = workMessages.en;

describe('searchDestination (landing search arriving at /platform)', () => {
  it('sends mode=contractors to /contractors and mode=work-orders to /browse-jobs with the same query', () => {
    expect(searchDestination('?mode=contractors&service=painting&distanceKm=25')).toBe(
      '/contractors?mode=contractors&service=painting&distanceKm=25',
    );
    expect(searchDestination('?mode=work-orders&service=painting&lat=45.5&lng=-73.6')).toBe(
      '/browse-jobs?mode=work-orders&service=painting&lat=45.5&lng=-73.6',
    );
  });

  it('stays on the hub without a mode or with an unknown one', () => {
    expect(searchDestination('')).toBeNull();
    expect(searchDestination('?mode=barter')).toBeNull();
  });
});

describe('find-work filters', () => {
  it("start from the landing search's service, distance and GPS position", () => {
    const filters = filtersFromQuery(
      new URLSearchParams('mode=work-orders&service=house-cleaning&distanceKm=40&lat=45.5&lng=-73.6'),
    );
    expect(filters).toMatchObject({
      category: 'cleaning',
      service: 'house-cleaning',
      radiusKm: 40,
      near: 'gps',
      lat: '45.5',
      lng: '-73.6',
    });
  });

  it('read a service named in words, in French too', () => {
    expect(filtersFromQuery(new URLSearchParams('service=Déneigement'))).toMatchObject({
      category: 'outdoor',
      service: 'snow-removal',
    });
  });

  it('build the API query, normalising the postal code and converting dollars to cents', () => {
    const built = browseParams({
      ...filtersFromQuery(new URLSearchParams()),
      near: 'postal',
      postalCode: 'h2x1y4',
      radiusKm: 50,
      budgetFrom: '1,000',
      budgetTo: '2500.50',
      sort: 'distance',
    });
    expect('params' in built && built.params.toString()).toBe(
      'postalCode=H2X+1Y4&radiusKm=50&budgetMinCents=100000&budgetMaxCents=250050&sort=distance',
    );
  });

  it('refuse an invalid postal code with the exact message', () => {
    expect(browseParams({ ...filtersFromQuery(new URLSearchParams()), near: 'postal', postalCode: '90210' })).toEqual({
      postalError: POSTAL_CODE_MESSAGE,
    });
  });
});

describe('the post-job form', () => {
  const valid = {
    ...emptyDraft,
    title: 'Shovel the driveway',
    description: 'Long driveway and the front steps, after each snowfall.',
    category: 'outdoor',
    service: 'snow-removal',
    postalCode: 'k1a 0b1',
    budgetMin: '80',
  };

  it('sends a fixed budget as min = max in cents and the postal code normalised', () => {
    const { input } = validateDraft(valid, 'en', { requireContractor: true });
    expect(input).toMatchObject({
      budgetMinCents: 8000,
      budgetMaxCents: 8000,
      postalCode: 'K1A 0B1',
      service: 'snow-removal',
    });
  });

  it('uses the server messages for each rule', () => {
    const { errors } = validateDraft(
      {
        ...valid,
        title: 'abc',
        description: 'short',
        postalCode: 'nope',
        budgetKind: 'range',
        budgetMin: '500',
        budgetMax: '100',
      },
      'en',
      { requireContractor: true },
    );
    expect(errors).toEqual({
      title: WORK_MESSAGES.title,
      description: WORK_MESSAGES.description,
      postalCode: POSTAL_CODE_MESSAGE,
      budgetMin: WORK_MESSAGES.budgetOrder,
    });
    expect(validateDraft({ ...valid, postalCode: '' }, 'en', { requireContractor: true }).errors.postalCode).toBe(
      WORK_MESSAGES.locationRequired,
    );
    expect(
      validateDraft({ ...valid, postalCode: '', remote: true }, 'en', { requireContractor: true }).input,
    ).not.toBeNull();
  });

  it('says the same rules in French on a French page', () => {
    const { errors } = validateDraft({ ...valid, title: 'abc', postalCode: 'nope' }, 'fr', { requireContractor: true });
    expect(errors).toEqual({
      title: 'Le titre doit comporter de 5 à 120 caractères',
      postalCode: 'Veuillez entrer un code postal canadien valide (A1A 1A1)',
    });
    expect(validateDraft({ ...valid, mode: 'direct' }, 'fr', { requireContractor: true }).errors.contractor).toBe(
      workMessages.fr.contractorRequired,
    );
  });

  it('asks for the contractor of a direct post', () => {
    expect(validateDraft({ ...valid, mode: 'direct' }, 'en', { requireContractor: true }).errors.contractor).toBe(
      m.contractorRequired,
    );
  });
});

describe('formatting', () => {
  it('shows a fixed budget as one amount and a range as two, in both languages', () => {
    expect(budgetText({ budgetMinCents: 120_000, budgetMaxCents: 120_000 }, 'en')).toBe('$1,200');
    expect(budgetText({ budgetMinCents: 80_000, budgetMaxCents: 120_050 }, 'en')).toBe('$800 – $1,200.50');
    expect(budgetText({ budgetMinCents: 80_000, budgetMaxCents: 80_000 }, 'fr')).toMatch(/^800\s\$$/);
  });

  it('shows calendar dates without shifting them by a time zone', () => {
    expect(dateText('2026-03-01', 'en')).toBe('Mar 1, 2026');
  });

  it('reads hours with a point or a comma', () => {
    expect(parseHours('3.5')).toBe(3.5);
    expect(parseHours('3,5')).toBe(3.5);
    expect(parseHours('three')).toBeNull();
  });
});

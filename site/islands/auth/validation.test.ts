import { describe, expect, it } from 'vitest';
import { authValidationMessages, type ValidationKey } from '../../i18n/messages/auth.ts';
import {
  availabilityPayload,
  contractorProfilePayload,
  defaultWeeklyHours,
  earliestBirthDate,
  firstInvalidStep,
  initialOnboardingValues,
  isoDate,
  isValidEmail,
  onboardingRequests,
  parseYearsOfExperience,
  serviceOfferingPayload,
  validateDateOfBirth,
  validateOnboardingStep,
  validateSignIn,
  validateSignUp,
  type Errors,
  type OnboardingValues,
  type SignUpValues,
} from './validation.ts';

/** The English message of each error, as the form shows it. */
function english<F extends string>(errors: Errors<F>): Partial<Record<F, string>> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, key]) => [field, authValidationMessages.en[key as ValidationKey]]),
  ) as Partial<Record<F, string>>;
}

const TODAY = new Date(Date.UTC(2025, 5, 15, 12)); // 2025-06-15

describe('validateSignIn', () => {
  it('accepts a filled-in form', () => {
    expect(validateSignIn({ email: 'a@b.ca', password: 'x' })).toEqual({});
  });

  it('requires both fields, blank meaning empty or only spaces', () => {
    expect(english(validateSignIn({ email: '', password: '' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
    expect(english(validateSignIn({ email: '   ', password: ' \t' }))).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    });
  });

  it('does not check the e-mail format at sign-in (the server answers)', () => {
    expect(validateSignIn({ email: 'not-an-email', password: 'secret' })).toEqual({});
  });
});

const validSignUp: SignUpValues = {
  role: 'customer',
  name: 'Jo',
  email: 'jo@example.ca',
  dateOfBirth: '2000-01-01',
  password: '12345678',
};

describe('validateSignUp', () => {
  it('accepts a valid customer and a valid contractor', () => {
    expect(validateSignUp(validSignUp, TODAY)).toEqual({});
    expect(validateSignUp({ ...validSignUp, role: 'contractor' }, TODAY)).toEqual({});
  });

  it('reports every invalid field with the spec messages, in form order', () => {
    const errors = validateSignUp({ role: '', name: '', email: '', dateOfBirth: '', password: '' }, TODAY);
    expect(Object.keys(errors)).toEqual(['role', 'name', 'email', 'dateOfBirth', 'password']);
    expect(english(errors)).toEqual({
      role: 'Please select your role',
      name: 'Name must be at least 2 characters',
      email: 'Please enter a valid email address',
      dateOfBirth: 'Date of birth is required',
      password: 'Password must be at least 8 characters',
    });
  });

  it('needs a public role', () => {
    expect(english(validateSignUp({ ...validSignUp, role: '' }, TODAY))).toEqual({ role: 'Please select your role' });
    const admin = { ...validSignUp, role: 'admin' as unknown as SignUpValues['role'] };
    expect(english(validateSignUp(admin, TODAY))).toEqual({ role: 'Please select your role' });
  });

  it('name: 1 character is too short, 2 is enough (after trimming)', () => {
    expect(english(validateSignUp({ ...validSignUp, name: 'J' }, TODAY))).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(english(validateSignUp({ ...validSignUp, name: ' J ' }, TODAY))).toEqual({
      name: 'Name must be at least 2 characters',
    });
    expect(validateSignUp({ ...validSignUp, name: 'Jo' }, TODAY)).toEqual({});
  });

  it('name: at most 100 characters, as the server', () => {
    expect(validateSignUp({ ...validSignUp, name: 'a'.repeat(100) }, TODAY)).toEqual({});
    expect(english(validateSignUp({ ...validSignUp, name: 'a'.repeat(101) }, TODAY))).toEqual({
      name: 'Name must be at most 100 characters',
    });
  });

  it('email must be a valid address', () => {
    for (const email of ['plain', 'a@b', 'a@b.c', '@b.ca', 'a b@c.ca', 'a@@b.ca', '.a@b.ca']) {
      expect(english(validateSignUp({ ...validSignUp, email }, TODAY))).toEqual({
        email: 'Please enter a valid email address',
      });
    }
    for (const email of ['a@b.ca', ' jo.smith+work@mail.example.com ', "o'neil@x.org"]) {
      expect(validateSignUp({ ...validSignUp, email }, TODAY)).toEqual({});
    }
  });

  it('password: 7 characters are too short, 8 are enough; at most 256', () => {
    expect(english(validateSignUp({ ...validSignUp, password: '1234567' }, TODAY))).toEqual({
      password: 'Password must be at least 8 characters',
    });
    expect(validateSignUp({ ...validSignUp, password: '12345678' }, TODAY)).toEqual({});
    expect(validateSignUp({ ...validSignUp, password: 'xy'.repeat(128) }, TODAY)).toEqual({});
    expect(english(validateSignUp({ ...validSignUp, password: 'x'.repeat(257) }, TODAY))).toEqual({
      password: 'Password must be at most 256 characters',
    });
  });

  it('password is not trimmed: eight different characters with spaces count', () => {
    expect(validateSignUp({ ...validSignUp, password: ' a b c d ' }, TODAY)).toEqual({});
  });

  it('password: one character repeated is refused, however long (aaaaaaaa, eight spaces)', () => {
    for (const password of ['aaaaaaaa', '        ', '1'.repeat(40)]) {
      expect(english(validateSignUp({ ...validSignUp, password }, TODAY))).toEqual({
        password: 'A password cannot be one character repeated. Please choose one that is harder to guess.',
      });
    }
  });
});

describe('date of birth (15 or older)', () => {
  it('is required', () => {
    expect(validateDateOfBirth('', TODAY)).toBe('dateOfBirthRequired');
    expect(authValidationMessages.en.dateOfBirthRequired).toBe('Date of birth is required');
  });

  it('must be a real YYYY-MM-DD date', () => {
    for (const text of ['2010-02-30', '15/06/2010', '2010-6-15', 'yesterday']) {
      expect(validateDateOfBirth(text, TODAY)).toBe('dateOfBirthInvalid');
    }
  });

  it('at most 120 years ago: 1800-01-01 and a day past the limit are refused', () => {
    expect(validateDateOfBirth('1905-06-15', TODAY)).toBeNull();
    expect(validateDateOfBirth('1905-06-14', TODAY)).toBe('dateOfBirthTooOld');
    expect(english(validateSignUp({ ...validSignUp, dateOfBirth: '1800-01-01' }, TODAY))).toEqual({
      dateOfBirth: 'Date of birth cannot be more than 120 years ago.',
    });
    expect(earliestBirthDate(TODAY)).toBe('1905-06-15');
  });

  it('exactly 15 today is old enough; one day short is not', () => {
    expect(validateDateOfBirth('2010-06-15', TODAY)).toBeNull();
    expect(validateDateOfBirth('2010-06-16', TODAY)).toBe('underAge');
    expect(english(validateSignUp({ ...validSignUp, dateOfBirth: '2010-06-16' }, TODAY))).toEqual({
      dateOfBirth: 'You must be 15 or older to use this service.',
    });
  });

  it('a future date is refused as such', () => {
    expect(validateDateOfBirth('2025-06-16', TODAY)).toBe('dateOfBirthFuture');
    expect(english(validateSignUp({ ...validSignUp, dateOfBirth: '2030-01-01' }, TODAY))).toEqual({
      dateOfBirth: 'Date of birth cannot be in the future.',
    });
  });

  it('a 29 February birthday turns 15 on 1 March in a common year', () => {
    const feb28 = new Date(Date.UTC(2023, 1, 28));
    const mar1 = new Date(Date.UTC(2023, 2, 1));
    expect(validateDateOfBirth('2008-02-29', feb28)).toBe('underAge');
    expect(validateDateOfBirth('2008-02-29', mar1)).toBeNull();
  });

  it('isoDate gives the UTC calendar date for the input’s max', () => {
    expect(isoDate(TODAY)).toBe('2025-06-15');
  });
});

describe('isValidEmail', () => {
  it('caps the length at 254 characters', () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.ca`;
    expect(`${local}@${domain}`.length).toBe(254);
    expect(isValidEmail(`${local}@${domain}`)).toBe(true);
    expect(isValidEmail(`${local}a@${domain}`)).toBe(false);
  });
});

const validOnboarding: OnboardingValues = {
  serviceTitle: 'Yard',
  serviceDescription: 'Mowing, raking, hedges',
  location: '',
  radiusKm: '25',
  canWorkRemotely: false,
  yearsOfExperience: '',
  expertiseStatement: '',
  timeZone: 'America/Toronto',
  hours: defaultWeeklyHours(),
};

describe('validateOnboardingStep', () => {
  it('step 1: service title at least 3 characters, description at least 20', () => {
    expect(english(validateOnboardingStep(1, initialOnboardingValues))).toEqual({
      serviceTitle: 'Service title must be at least 3 characters',
      serviceDescription: 'Please provide a detailed description (20+ characters)',
    });
    expect(english(validateOnboardingStep(1, { ...validOnboarding, serviceTitle: 'ab' }))).toEqual({
      serviceTitle: 'Service title must be at least 3 characters',
    });
    expect(english(validateOnboardingStep(1, { ...validOnboarding, serviceTitle: '  ab  ' }))).toEqual({
      serviceTitle: 'Service title must be at least 3 characters',
    });
    expect(validateOnboardingStep(1, { ...validOnboarding, serviceTitle: 'abc' })).toEqual({});
    expect(english(validateOnboardingStep(1, { ...validOnboarding, serviceDescription: 'x'.repeat(19) }))).toEqual({
      serviceDescription: 'Please provide a detailed description (20+ characters)',
    });
    expect(validateOnboardingStep(1, { ...validOnboarding, serviceDescription: 'x'.repeat(20) })).toEqual({});
  });

  it('step 1: the server’s upper limits (title 120, description 5000)', () => {
    expect(validateOnboardingStep(1, { ...validOnboarding, serviceTitle: 't'.repeat(120) })).toEqual({});
    expect(english(validateOnboardingStep(1, { ...validOnboarding, serviceTitle: 't'.repeat(121) }))).toEqual({
      serviceTitle: 'Service title must be at most 120 characters',
    });
    expect(validateOnboardingStep(1, { ...validOnboarding, serviceDescription: 'd'.repeat(5000) })).toEqual({});
    expect(english(validateOnboardingStep(1, { ...validOnboarding, serviceDescription: 'd'.repeat(5001) }))).toEqual({
      serviceDescription: 'The description must be at most 5000 characters',
    });
  });

  it('step 2: location and the remote switch are optional; location at most 120', () => {
    expect(validateOnboardingStep(2, initialOnboardingValues)).toEqual({});
    expect(validateOnboardingStep(2, { ...validOnboarding, location: 'Halifax, NS', canWorkRemotely: true })).toEqual(
      {},
    );
    expect(validateOnboardingStep(2, { ...validOnboarding, location: 'l'.repeat(120) })).toEqual({});
    expect(english(validateOnboardingStep(2, { ...validOnboarding, location: 'l'.repeat(121) }))).toEqual({
      location: 'Location must be at most 120 characters',
    });
  });

  it('step 3: years of experience is optional, a whole number from 0 to 100', () => {
    const years = (yearsOfExperience: string) =>
      english(validateOnboardingStep(3, { ...validOnboarding, yearsOfExperience }));
    const message = { yearsOfExperience: 'Years of experience must be a whole number from 0 to 100' };
    expect(years('')).toEqual({});
    expect(years('0')).toEqual({});
    expect(years('100')).toEqual({});
    expect(years(' 7 ')).toEqual({});
    expect(years('-1')).toEqual(message);
    expect(years('101')).toEqual(message);
    expect(years('2.5')).toEqual(message);
    expect(years('1e2')).toEqual(message);
    expect(years('?')).toEqual(message);
  });

  it('step 3: the approach statement is optional, at most 500 characters', () => {
    const statement = (expertiseStatement: string) =>
      english(validateOnboardingStep(3, { ...validOnboarding, expertiseStatement }));
    expect(statement('')).toEqual({});
    expect(statement('s'.repeat(500))).toEqual({});
    expect(statement('s'.repeat(501))).toEqual({
      expertiseStatement: 'The approach statement must be at most 500 characters',
    });
  });

  it('step 2: with a location, the radius is a whole number of kilometres from 1 to 250', () => {
    const radius = (radiusKm: string) =>
      english(validateOnboardingStep(2, { ...validOnboarding, location: 'Halifax, NS', radiusKm }));
    const message = { radiusKm: 'The service radius must be a whole number of kilometres from 1 to 250' };
    expect(radius('25')).toEqual({});
    expect(radius('1')).toEqual({});
    expect(radius('250')).toEqual({});
    expect(radius('0')).toEqual(message);
    expect(radius('251')).toEqual(message);
    expect(radius('2.5')).toEqual(message);
    expect(radius('')).toEqual(message);
    // Without a location there is no area, so the radius is not checked.
    expect(validateOnboardingStep(2, { ...validOnboarding, radiusKm: '' })).toEqual({});
  });

  it('step 4: prefilled Monday to Friday 9:00–17:00; at least one day, each ending after it starts', () => {
    const hours = defaultWeeklyHours();
    expect([1, 2, 3, 4, 5, 6, 7].map((day) => hours[day as 1].open)).toEqual([
      true,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(hours[1]).toEqual({ open: true, start: '09:00', end: '17:00' });
    expect(validateOnboardingStep(4, initialOnboardingValues)).toEqual({});
    const closed = Object.fromEntries(
      Object.entries(hours).map(([day, h]) => [day, { ...h, open: false }]),
    ) as OnboardingValues['hours'];
    expect(english(validateOnboardingStep(4, { ...validOnboarding, hours: closed }))).toEqual({
      hours: 'Choose at least one day when customers can book you.',
    });
    const backwards = { ...hours, 3: { open: true, start: '17:00', end: '09:00' } };
    expect(english(validateOnboardingStep(4, { ...validOnboarding, hours: backwards }))).toEqual({
      hours: 'Each day’s end time must come after its start time.',
    });
    // A closed day's times are not checked.
    const closedBackwards = { ...hours, 6: { open: false, start: '17:00', end: '09:00' } };
    expect(validateOnboardingStep(4, { ...validOnboarding, hours: closedBackwards })).toEqual({});
  });

  it('step 5 has nothing to check', () => {
    expect(validateOnboardingStep(5, initialOnboardingValues)).toEqual({});
  });

  it('firstInvalidStep finds the earliest step to fix', () => {
    expect(firstInvalidStep(initialOnboardingValues)).toBe(1);
    expect(firstInvalidStep({ ...validOnboarding, yearsOfExperience: '101' })).toBe(3);
    expect(
      firstInvalidStep({
        ...validOnboarding,
        hours: { ...validOnboarding.hours, 1: { open: true, start: '10:00', end: '10:00' } },
      }),
    ).toBe(4);
    expect(firstInvalidStep(validOnboarding)).toBeNull();
  });
});

describe('parseYearsOfExperience', () => {
  it('answers null when empty, the number when valid, else invalid', () => {
    expect(parseYearsOfExperience('')).toBeNull();
    expect(parseYearsOfExperience('  ')).toBeNull();
    expect(parseYearsOfExperience('0')).toBe(0);
    expect(parseYearsOfExperience('042')).toBe(42);
    expect(parseYearsOfExperience('100')).toBe(100);
    expect(parseYearsOfExperience('-1')).toBe('invalid');
    expect(parseYearsOfExperience('101')).toBe('invalid');
  });
});

describe('onboarding payloads', () => {
  it('the profile sends null for every empty optional field', () => {
    expect(contractorProfilePayload(validOnboarding)).toEqual({
      location: null,
      canWorkRemotely: false,
      yearsOfExperience: null,
      expertiseStatement: null,
    });
    expect(contractorProfilePayload({ ...validOnboarding, location: '   ', expertiseStatement: ' \n ' })).toEqual({
      location: null,
      canWorkRemotely: false,
      yearsOfExperience: null,
      expertiseStatement: null,
    });
  });

  it('a full postal code as the location: the profile names only its first three characters', () => {
    expect(contractorProfilePayload({ ...validOnboarding, location: ' k1a 0b1 ' }).location).toBe('K1A');
    expect(contractorProfilePayload({ ...validOnboarding, location: 'K1A' }).location).toBe('K1A');
    expect(onboardingRequests({ ...validOnboarding, location: ' k1a 0b1 ' })[0]!.body).toEqual({
      location: 'k1a 0b1',
      radiusKm: 25,
    });
  });

  it('the profile sends trimmed text, the switch and the years as a number', () => {
    expect(
      contractorProfilePayload({
        ...validOnboarding,
        location: ' Winnipeg, MB ',
        canWorkRemotely: true,
        yearsOfExperience: '0',
        expertiseStatement: ' Careful work. ',
      }),
    ).toEqual({
      location: 'Winnipeg, MB',
      canWorkRemotely: true,
      yearsOfExperience: 0,
      expertiseStatement: 'Careful work.',
    });
  });

  it('the offering is hourly at price "50", remote as the switch, active', () => {
    expect(serviceOfferingPayload({ ...validOnboarding, serviceTitle: ' Yard work ', canWorkRemotely: true })).toEqual({
      title: 'Yard work',
      description: 'Mowing, raking, hedges',
      pricingModel: 'hourly',
      price: '50',
      isRemoteService: true,
      isActive: true,
    });
  });

  it('no offering unless both the title and the description were filled in', () => {
    expect(serviceOfferingPayload(initialOnboardingValues)).toBeNull();
    expect(serviceOfferingPayload({ ...validOnboarding, serviceDescription: '  ' })).toBeNull();
    expect(serviceOfferingPayload({ ...validOnboarding, serviceTitle: '' })).toBeNull();
  });
});

describe('Go Live requests (live means bookable)', () => {
  it('the service area from the location first, then the profile, the offering and the weekly hours', () => {
    const values = { ...validOnboarding, location: ' Halifax, NS ', radiusKm: '40' };
    expect(onboardingRequests(values).map((r) => `${r.method} ${r.path}`)).toEqual([
      'PUT /api/contractor/service-area/location',
      'PATCH /api/contractor/profile',
      'POST /api/service-offerings',
      'PUT /api/contractor/availability',
    ]);
    expect(onboardingRequests(values)[0]!.body).toEqual({ location: 'Halifax, NS', radiusKm: 40 });
  });

  it('without a location, no service area; the hours are always sent', () => {
    expect(onboardingRequests(validOnboarding).map((r) => r.path)).toEqual([
      '/api/contractor/profile',
      '/api/service-offerings',
      '/api/contractor/availability',
    ]);
  });

  it('the hours are the open days, one window each, hour-long slots, in the chosen zone', () => {
    const hours = {
      ...defaultWeeklyHours(),
      2: { open: false, start: '09:00', end: '17:00' },
      6: { open: true, start: '10:00', end: '14:00' },
    };
    expect(availabilityPayload({ ...validOnboarding, timeZone: 'America/Halifax', hours })).toEqual({
      timeZone: 'America/Halifax',
      slotMinutes: 60,
      weekly: [
        { weekday: 1, start: '09:00', end: '17:00' },
        { weekday: 3, start: '09:00', end: '17:00' },
        { weekday: 4, start: '09:00', end: '17:00' },
        { weekday: 5, start: '09:00', end: '17:00' },
        { weekday: 6, start: '10:00', end: '14:00' },
      ],
    });
  });
});

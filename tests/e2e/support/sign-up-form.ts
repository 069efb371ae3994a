import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';

/** The sign-up form as a person fills it, shared by the sign-up journeys. */

export const uniqueEmail = (label: string) => `e2e-${label}-${randomUUID().slice(0, 8)}@example.ca`;
export const PASSWORD = 'a-long-enough-password';

/** A date of birth `years` years ago (minus a month, so it is past the birthday in any zone). */
export function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCMonth(date.getUTCMonth() - 1);
  return date.toISOString().slice(0, 10);
}

export type SignUpLabels = {
  customer: string;
  contractor: string;
  name: string;
  email: string;
  dateOfBirth: string;
  password: string;
  submit: string;
};

export const EN_SIGN_UP: SignUpLabels = {
  customer: 'Customer',
  contractor: 'Contractor',
  name: 'Full Name',
  email: 'Email Address',
  dateOfBirth: 'Date of birth',
  password: 'Password',
  submit: 'Create Account',
};

export const FR_SIGN_UP: SignUpLabels = {
  customer: 'Client',
  contractor: 'Entrepreneur',
  name: 'Nom complet',
  email: 'Adresse courriel',
  dateOfBirth: 'Date de naissance',
  password: 'Mot de passe',
  submit: 'Créer le compte',
};

export const signUpForm = (page: Page, labels: SignUpLabels = EN_SIGN_UP) => {
  const main = page.locator('main');
  return {
    customer: main.getByRole('radio', { name: labels.customer, exact: true }),
    contractor: main.getByRole('radio', { name: labels.contractor, exact: true }),
    name: main.getByLabel(labels.name, { exact: true }),
    email: main.getByLabel(labels.email, { exact: true }),
    dateOfBirth: main.getByLabel(labels.dateOfBirth, { exact: true }),
    password: main.getByLabel(labels.password, { exact: true }),
    submit: main.getByRole('button', { name: labels.submit, exact: true }),
  };
};

/**
 * Picks a role card the way a person does: by clicking its visible card (the radio itself is
 * visually hidden inside the card's label).
 */
export async function choose(radio: Locator) {
  const id = await radio.getAttribute('id');
  await radio.page().locator(`label[for="${id}"]`).click();
  if (!(await radio.isChecked())) throw new Error(`${String(radio)} is not checked after clicking its card`);
}

export async function fillSignUp(
  page: Page,
  person: { role: 'customer' | 'contractor'; name: string; email: string; password?: string; dateOfBirth?: string },
  labels: SignUpLabels = EN_SIGN_UP,
) {
  const form = signUpForm(page, labels);
  await choose(form[person.role]);
  await form.name.fill(person.name);
  await form.email.fill(person.email);
  await form.dateOfBirth.fill(person.dateOfBirth ?? bornYearsAgo(30));
  await form.password.fill(person.password ?? PASSWORD);
  await form.submit.click();
}

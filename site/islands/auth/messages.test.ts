import { describe, expect, it } from 'vitest';
import {
  authValidationMessages,
  onboardingMessages,
  passwordToggleMessages,
  serverMessages,
  signInMessages,
  signUpConfirmMessages,
  signUpMessages,
} from '../../i18n/messages/auth.ts';

const sets = {
  authValidationMessages,
  serverMessages,
  signInMessages,
  signUpMessages,
  signUpConfirmMessages,
  passwordToggleMessages,
  onboardingMessages,
};

describe('auth messages', () => {
  it.each(Object.entries(sets))('%s has a non-empty French string for every English one', (_name, messages) => {
    expect(Object.keys(messages.fr).sort()).toEqual(Object.keys(messages.en).sort());
    for (const [key, text] of Object.entries(messages.fr)) expect(text.trim(), key).not.toBe('');
  });

  it('keeps the spec strings verbatim in English (sections 2, 5, 8)', () => {
    expect(signInMessages.en).toMatchObject({
      submit: 'Sign In',
      submitting: 'Signing In...',
      createAccount: 'Create one here',
      signInFailed: 'Sign in failed',
    });
    expect(signUpMessages.en).toMatchObject({
      heading: 'Create Your Account',
      hint: 'Choose your role to get started',
      roleCustomer: 'Customer',
      roleCustomerHint: 'I need services',
      roleContractor: 'Contractor',
      roleContractorHint: 'I provide services',
      nameLabel: 'Full Name',
      emailLabel: 'Email Address',
      passwordHint: 'Must be at least 8 characters long',
      submit: 'Create Account',
      submitting: 'Creating Account...',
      createdTitle: 'Account Created Successfully!',
      createdDescription: 'You will be redirected shortly.',
      failedTitle: 'Registration Failed',
      failedFallback: 'Registration failed',
      unexpected: 'An unexpected error occurred.',
    });
    expect(onboardingMessages.en).toMatchObject({
      title: 'Get Started in Minutes',
      goLive: 'Go Live',
      settingUp: 'Setting up...',
      successTitle: 'Welcome to Marketplace!',
      successDescription: 'Your profile is now live. Start connecting with customers!',
      failureTitle: 'Setup failed',
      failureDescription: 'Please try again or contact support.',
    });
  });
});

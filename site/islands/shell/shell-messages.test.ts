import { describe, expect, it } from 'vitest';
import { shellMessages } from '../../i18n/messages/shell.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort();

describe('shell messages', () => {
  it('uses the spec strings verbatim in English', () => {
    const en = shellMessages.en;
    expect(en).toMatchObject({
      welcome: 'Welcome, {name}',
      signIn: 'Sign In',
      reset: 'Reset',
      quickColors: 'Quick Colors',
      yourDashboards: 'Your Dashboards',
      switchDashboard: 'Switch Dashboard',
      dashboards: 'Dashboards',
      mySubscriptions: 'My Subscriptions',
      contractorDashboard: 'Contractor Dashboard',
      arbitrationStatus: 'Arbitration Status',
      adminDashboard: 'Admin Dashboard',
      browseContractors: 'Browse Contractors',
      becomeContractor: 'Become a Contractor',
      createWorkOrder: 'Create Work Order',
      findWork: 'Find Work',
      openBids: 'Open Bids',
      communityForum: 'Community Forum',
      feeCalculator: 'Fee Calculator',
      faq: 'FAQ',
      barterTrades: 'Barter Trades',
      arbitrationServices: 'Arbitration Services',
      updates: 'Updates',
      contactUs: 'Contact Us',
      feedbackBoard: 'Feedback Board',
      privacyPolicy: 'Privacy Policy',
      termsOfService: 'Terms of Service',
      cookiePolicy: 'Cookie Policy',
      refundPolicy: 'Refund Policy',
    });
  });

  it('has every string in French, with the same placeholders', () => {
    for (const [key, english] of Object.entries(shellMessages.en)) {
      const french = shellMessages.fr[key as keyof typeof shellMessages.fr];
      expect(french, key).toBeTruthy();
      expect(placeholders(french), key).toEqual(placeholders(english));
    }
    expect(Object.keys(shellMessages.fr).sort()).toEqual(Object.keys(shellMessages.en).sort());
  });
});

import { describe, expect, it } from 'vitest';
import { announcementMessages } from '../../i18n/messages/announcements.ts';
import { ANNOUNCEMENTS } from './catalogue.ts';
import { ROADMAP_ANNOUNCEMENT_ID } from './keys.ts';
import { formatAnnouncementDate, localizeAnnouncement, typeLabel } from './localize.ts';

describe('announcement catalogue', () => {
  it('defines the 2025 roadmap: a high-priority feature dated 2025-10-10', () => {
    expect(ANNOUNCEMENTS).toHaveLength(1);
    expect(ANNOUNCEMENTS[0]).toMatchObject({
      id: ROADMAP_ANNOUNCEMENT_ID,
      type: 'feature',
      priority: 'high',
      date: '2025-10-10',
    });
  });

  it('lists crowdfunding, gallery and portfolio, blockchain and the household goods auction in both languages', () => {
    const en = localizeAnnouncement(ANNOUNCEMENTS[0]!, 'en', announcementMessages.en);
    expect(en.items.map((item) => item.title)).toEqual([
      'Community crowdfunding',
      'Gallery and portfolio',
      'Blockchain integration',
      'Household goods auction',
    ]);
    const fr = localizeAnnouncement(ANNOUNCEMENTS[0]!, 'fr', announcementMessages.fr);
    expect(fr.items).toHaveLength(4);
    expect(fr.items[3]!.title).toBe('Encan d’articles ménagers');
    for (const item of [...en.items, ...fr.items]) expect(item.description.length).toBeGreaterThan(40);
  });

  it('points the action at the same-site page in the visitor’s language', () => {
    expect(localizeAnnouncement(ANNOUNCEMENTS[0]!, 'en', announcementMessages.en).actionUrl).toBe('/become-contractor');
    expect(localizeAnnouncement(ANNOUNCEMENTS[0]!, 'fr', announcementMessages.fr).actionUrl).toBe(
      '/fr/become-contractor',
    );
  });

  it('writes the date and the type out in each language, whatever the time zone', () => {
    expect(formatAnnouncementDate('2025-10-10', 'en')).toBe('October 10, 2025');
    expect(formatAnnouncementDate('2025-10-10', 'fr')).toBe('10 octobre 2025');
    expect(typeLabel('feature', announcementMessages.fr)).toBe('Nouvelle fonctionnalité');
  });
});

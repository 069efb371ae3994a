import type { Locale } from '../../i18n/locales.ts';
import { pageTitles } from '../../i18n/messages/pages.ts';
import { island } from '../../ui/island.tsx';

function SignUpForm({ locale }: { locale: Locale }) {
  return <h1 className="text-2xl font-bold">{pageTitles[locale].signup}</h1>;
}

export default island(SignUpForm);

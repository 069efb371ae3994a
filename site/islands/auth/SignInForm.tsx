import type { Locale } from '../../i18n/locales.ts';
import { pageTitles } from '../../i18n/messages/pages.ts';
import { island } from '../../ui/island.tsx';

function SignInForm({ locale }: { locale: Locale }) {
  return <h1 className="text-2xl font-bold">{pageTitles[locale].signin}</h1>;
}

export default island(SignInForm);

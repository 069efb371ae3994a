import { CircleAlert, CircleCheck, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { signUpConfirmMessages, signUpMessages } from '../../i18n/messages/auth.ts';
import { confirmRegistration } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { island } from '../../ui/island.tsx';
import { AuthCard } from './AuthCard.tsx';
import { registrationErrorMessage } from './errors.ts';
import { OnboardingDialog } from './OnboardingDialog.tsx';
import { REDIRECT_DELAY_MS } from './return-to.ts';

type Props = { locale: Locale };
type Phase =
  | { name: 'confirming' }
  | { name: 'failed'; message: string }
  | { name: 'onboarding' }
  | { name: 'redirecting'; role: 'customer' | 'contractor' };

/**
 * /signup/confirm?token=…, the page the link in the sign-up e-mail opens: it sends the token to the
 * server, which creates the account and signs the person in; then the spec's post-registration
 * journey (sections 2 and 8): the toast 'Account Created Successfully!', the onboarding dialog for
 * a contractor, /platform for a customer. A link that does not work says why, with the way back.
 */
function ConfirmSignUp({ locale }: Props) {
  const m = signUpMessages[locale];
  const c = signUpConfirmMessages[locale];
  const [phase, setPhase] = useState<Phase>({ name: 'confirming' });
  const [onboardingOpen, setOnboardingOpen] = useState(false);
  const started = useRef(false);
  const failureHeading = useRef<HTMLHeadingElement>(null);

  function go(path: string) {
    window.location.assign(localizePath(path, locale));
  }

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const token = new URLSearchParams(window.location.search).get('token');
    // The token works once: it leaves the address bar (and so the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!token) {
      setPhase({ name: 'failed', message: c.missingToken });
      return;
    }
    confirmRegistration(token).then(
      (user) => {
        toast({ title: m.createdTitle, description: m.createdDescription, variant: 'success' });
        if (user.role === 'contractor') {
          setPhase({ name: 'onboarding' });
          setOnboardingOpen(true);
        } else {
          setPhase({ name: 'redirecting', role: 'customer' });
          // A moment to read the toast before the page changes.
          window.setTimeout(() => go('/platform'), REDIRECT_DELAY_MS);
        }
      },
      (error: unknown) => setPhase({ name: 'failed', message: registrationErrorMessage(error, locale, m) }),
    );
    // The page confirms once, on arrival.
  }, []);

  useEffect(() => {
    if (phase.name === 'failed') failureHeading.current?.focus();
  }, [phase.name]);

  function finishOnboarding() {
    setPhase({ name: 'redirecting', role: 'contractor' });
    window.setTimeout(() => go('/contractor-dashboard'), REDIRECT_DELAY_MS);
  }

  if (phase.name === 'confirming' || (phase.name === 'redirecting' && phase.role === 'customer')) {
    return (
      <AuthCard>
        <div className="flex flex-col items-center text-center">
          <h1 className="text-2xl font-bold tracking-tight">{c.heading}</h1>
          <p role="status" className="mt-3 flex items-center justify-center gap-2 text-sm text-muted">
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
            {phase.name === 'confirming' ? c.confirming : m.createdDescription}
          </p>
        </div>
      </AuthCard>
    );
  }

  if (phase.name === 'failed') {
    return (
      <AuthCard>
        <div className="flex flex-col items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-danger/15 text-danger">
            <CircleAlert aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 ref={failureHeading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight focus:outline-none">
            {c.failedTitle}
          </h1>
          <p role="alert" className="mt-2 text-sm">
            {phase.message}
          </p>
          <div className="mt-6 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
            <a href={localizePath('/signup', locale)} className={buttonClasses('primary', 'lg')}>
              {c.signUpAgain}
            </a>
            <a href={localizePath('/signin', locale)} className={buttonClasses('outline', 'lg')}>
              {c.signIn}
            </a>
          </div>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <div className="flex flex-col items-center text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-success/15 text-success">
          <CircleCheck aria-hidden="true" className="h-6 w-6" />
        </span>
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{m.readyTitle}</h1>
        {phase.name === 'redirecting' ? (
          <p role="status" className="mt-2 flex items-center gap-2 text-sm text-muted">
            <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />
            {m.redirecting}
          </p>
        ) : (
          <>
            <p className="mt-2 text-sm text-muted">{m.readyText}</p>
            <div className="mt-6 flex w-full flex-col gap-3 sm:flex-row sm:justify-center">
              <Button size="lg" onClick={() => setOnboardingOpen(true)}>
                {m.continueSetup}
              </Button>
              <a href={localizePath('/contractor-dashboard', locale)} className={buttonClasses('outline', 'lg')}>
                {m.goToDashboard}
              </a>
            </div>
          </>
        )}
      </div>
      <OnboardingDialog
        locale={locale}
        open={onboardingOpen}
        onOpenChange={setOnboardingOpen}
        onComplete={finishOnboarding}
      />
    </AuthCard>
  );
}

export default island(ConfirmSignUp);

import { CircleAlert, CircleCheck, KeyRound, LoaderCircle } from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import {
  authValidationMessages,
  passwordToggleMessages,
  serverMessages,
  signUpConfirmMessages,
  signUpMessages,
} from '../../i18n/messages/auth.ts';
import { confirmRegistration, type CurrentUser } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { Field } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { AuthCard } from './AuthCard.tsx';
import { confirmationIsOver, confirmationNeedsPassword, registrationErrorMessage } from './errors.ts';
import { OnboardingDialog } from './OnboardingDialog.tsx';
import { PasswordInput } from './PasswordInput.tsx';
import { REDIRECT_DELAY_MS } from './return-to.ts';

type Props = { locale: Locale };
type Phase =
  | { name: 'confirming' }
  | { name: 'password' }
  /** `retry`: the link still works (a passing failure: the network, a limit, an outage). */
  | { name: 'failed'; message: string; retry: boolean }
  | { name: 'onboarding' }
  | { name: 'redirecting'; role: 'customer' | 'contractor' };

/**
 * /signup/confirm?token=…, the page the link in the sign-up e-mail opens: it sends the token to the
 * server, which creates the account and signs the person in; then the post-registration
 * journey (docs/product.md#accounts): the toast 'Account Created Successfully!', the onboarding dialog for
 * a contractor, /platform for a customer. In a browser other than the one that signed up the
 * server asks for the password chosen at sign-up (401): the page asks for it, then goes on the
 * same way. A link that does not work says why, with the way back.
 */
function ConfirmSignUp({ locale }: Props) {
  const m = signUpMessages[locale];
  const c = signUpConfirmMessages[locale];
  const [phase, setPhase] = useState<Phase>({ name: 'confirming' });
  const [onboardingOpen, setOnboardingOpen] = useState(false);
  const started = useRef(false);
  const failureHeading = useRef<HTMLHeadingElement>(null);
  // The link's token, kept in memory only once it has left the address bar.
  const token = useRef<string | null>(null);

  function go(path: string) {
    window.location.assign(localizePath(path, locale));
  }

  function welcome(user: CurrentUser) {
    toast({ title: m.createdTitle, description: m.createdDescription, variant: 'success' });
    if (user.role === 'contractor') {
      setPhase({ name: 'onboarding' });
      setOnboardingOpen(true);
    } else {
      setPhase({ name: 'redirecting', role: 'customer' });
      // A moment to read the toast before the page changes.
      window.setTimeout(() => go('/platform'), REDIRECT_DELAY_MS);
    }
  }

  function fail(error: unknown) {
    const retry = token.current !== null && !confirmationIsOver(error);
    setPhase({ name: 'failed', message: registrationErrorMessage(error, locale, m), retry });
  }

  function confirmWithLink(value: string) {
    setPhase({ name: 'confirming' });
    confirmRegistration(value).then(welcome, (error: unknown) =>
      confirmationNeedsPassword(error) ? setPhase({ name: 'password' }) : fail(error),
    );
  }

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (started.current) return;
    started.current = true;
    const fromLink = new URLSearchParams(window.location.search).get('token');
    // The token works once: it leaves the address bar (and so the history) at once.
    window.history.replaceState(null, '', window.location.pathname);
    if (!fromLink) {
      setPhase({ name: 'failed', message: c.missingToken, retry: false });
      return;
    }
    token.current = fromLink;
    confirmWithLink(fromLink);
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

  if (phase.name === 'password') {
    return (
      <PasswordStep
        locale={locale}
        onConfirm={(password) => confirmRegistration(token.current ?? '', password)}
        onConfirmed={welcome}
        onOver={fail}
      />
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
            {phase.retry && (
              <Button size="lg" onClick={() => confirmWithLink(token.current!)}>
                {c.tryAgain}
              </Button>
            )}
            <a
              href={localizePath('/signup', locale)}
              className={buttonClasses(phase.retry ? 'outline' : 'primary', 'lg')}
            >
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

/**
 * The link was opened in a browser other than the one that signed up: the password chosen at
 * sign-up finishes it. A wrong password is said under the field and the link keeps working; a
 * link that no longer works ends on the failure card.
 */
function PasswordStep({
  locale,
  onConfirm,
  onConfirmed,
  onOver,
}: {
  locale: Locale;
  onConfirm: (password: string) => Promise<CurrentUser>;
  onConfirmed: (user: CurrentUser) => void;
  onOver: (error: unknown) => void;
}) {
  const c = signUpConfirmMessages[locale];
  const m = signUpMessages[locale];
  const [password, setPassword] = useState('');
  // Cleared at each submit, so the same refusal twice is announced twice.
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    input.current?.focus();
  }, []);

  function refuse(text: string) {
    setError(text);
    input.current?.focus();
    input.current?.select();
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    if (password === '') {
      refuse(authValidationMessages[locale].passwordRequired);
      return;
    }
    setPending(true);
    setError(null);
    try {
      onConfirmed(await onConfirm(password));
    } catch (failure) {
      setPending(false);
      if (confirmationIsOver(failure)) onOver(failure);
      else refuse(registrationErrorMessage(failure, locale, m));
    }
  }

  return (
    <AuthCard>
      <div className="flex flex-col items-center text-center">
        <span className="flex h-12 w-12 items-center justify-center rounded-full bg-accent/15 text-accent-text">
          <KeyRound aria-hidden="true" className="h-6 w-6" />
        </span>
        <h1 id="confirm-password-heading" className="mt-4 text-2xl font-bold tracking-tight">
          {c.passwordTitle}
        </h1>
        <p id="confirm-password-intro" className="mt-2 text-sm text-muted">
          {serverMessages[locale].confirmationPasswordNeeded}
        </p>
      </div>
      <form
        method="post"
        noValidate
        onSubmit={onSubmit}
        aria-labelledby="confirm-password-heading"
        aria-busy={pending}
        className="mt-6 space-y-5"
      >
        <Field label={c.passwordLabel} error={error}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              ref={input}
              id={id}
              name="password"
              autoComplete="current-password"
              required
              maxLength={1024}
              toggleLabel={passwordToggleMessages[locale].showPassword}
              aria-describedby={['confirm-password-intro', describedBy].filter(Boolean).join(' ')}
              aria-invalid={invalid}
              value={password}
              onChange={(e) => {
                setPassword(e.target.value);
                if (error) setError(null);
              }}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={pending}>
          {pending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {pending ? c.finishing : c.finish}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-muted">
        {c.passwordForgotten}{' '}
        <a
          href={localizePath('/signup', locale)}
          className="font-medium text-fg underline decoration-accent decoration-2 underline-offset-4 hover:decoration-fg"
        >
          {c.startOver}
        </a>
      </p>
    </AuthCard>
  );
}

export default island(ConfirmSignUp);

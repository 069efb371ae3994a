import { useStore } from '@nanostores/react';
import {
  BriefcaseBusiness,
  CalendarCheck,
  CircleExclamationPoint,
  HandCoins,
  LoaderCircle,
  Scale,
  Search,
  ShieldCheck,
  Sparkles,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { authValidationMessages, passwordToggleMessages, signInMessages } from '../../i18n/messages/auth.ts';
import { $session, login, type Role } from '../../stores/session.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { signInErrorMessage } from './errors.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { rememberReturnTo, sessionStorageOrNull, takeDestination } from './return-to.ts';
import { SIGN_IN_FIELDS, validateSignIn, type Errors, type SignInField, type SignInValues } from './validation.ts';

type Props = { locale: Locale };

/**
 * The sign-in screen (docs/product.md#accounts): two marketing panels and the form. A signed-in
 * visitor is sent on at once; while the session loads a skeleton shows, so the form never flashes.
 */
function SignInForm({ locale }: Props) {
  const m = signInMessages[locale];
  const v = authValidationMessages[locale];
  const mounted = useMounted();
  const session = useStore($session);

  const [values, setValues] = useState<SignInValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<Errors<SignInField>>({});
  const [formError, setFormError] = useState<{ text: string; attempt: number } | null>(null);
  const [pending, setPending] = useState(false);
  const navigating = useRef(false);
  const refs = { email: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null) };

  function goOn(role: Role) {
    if (navigating.current) return;
    navigating.current = true;
    window.location.replace(takeDestination(role, window.location.search, sessionStorageOrNull(), locale));
  }

  // On arrival: a safe returnTo in the query is remembered for after sign-in.
  useEffect(() => {
    rememberReturnTo(window.location.search, sessionStorageOrNull());
  }, []);

  // A signed-in user is redirected away automatically (docs/product.md#site, guards).
  useEffect(() => {
    if (session.status === 'authenticated') goOn(session.user.role);
  }, [session]);

  function update(field: SignInField, value: string) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateSignIn(values);
    setErrors(found);
    const first = SIGN_IN_FIELDS.find((field) => found[field]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setFormError(null);
    setPending(true);
    try {
      const user = await login({ email: values.email.trim(), password: values.password });
      goOn(user.role);
    } catch (error) {
      // A new key per attempt: the same message twice is announced twice.
      setFormError((previous) => ({
        text: signInErrorMessage(error, locale, m.signInFailed),
        attempt: (previous?.attempt ?? 0) + 1,
      }));
      setPending(false);
    }
  }

  // After a successful sign-in the form stays (its button pending) until the page changes.
  const showForm = mounted && (session.status === 'unauthenticated' || pending);
  if (!showForm) return <SignInSkeleton label={m.loadingSession} />;

  return (
    <div className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,27rem)] lg:gap-12">
      <section
        aria-labelledby="signin-heading"
        className="rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-8 lg:order-last"
      >
        <h1 id="signin-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {m.heading}
        </h1>
        <p className="mt-2 text-sm text-muted">{m.intro}</p>

        {formError && (
          <div
            key={formError.attempt}
            role="alert"
            className="mt-6 flex items-start gap-2 rounded-lg border border-danger/50 bg-danger/10 p-3 text-sm text-fg"
          >
            <CircleExclamationPoint aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-danger" />
            <span>{formError.text}</span>
          </div>
        )}

        <form method="post" noValidate onSubmit={onSubmit} className="mt-6 space-y-5" aria-labelledby="signin-heading">
          <Field label={m.emailLabel} error={errors.email ? v[errors.email] : null}>
            {({ id, describedBy, invalid }) => (
              <Input
                ref={refs.email}
                id={id}
                name="email"
                type="email"
                inputMode="email"
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                required
                maxLength={254}
                placeholder={m.emailPlaceholder}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={values.email}
                onChange={(e) => update('email', e.target.value)}
              />
            )}
          </Field>
          <Field label={m.passwordLabel} error={errors.password ? v[errors.password] : null}>
            {({ id, describedBy, invalid }) => (
              <PasswordInput
                ref={refs.password}
                id={id}
                name="password"
                autoComplete="current-password"
                required
                maxLength={1024}
                toggleLabel={passwordToggleMessages[locale].showPassword}
                aria-describedby={describedBy}
                aria-invalid={invalid}
                value={values.password}
                onChange={(e) => update('password', e.target.value)}
              />
            )}
          </Field>
          <Button type="submit" size="lg" className="w-full" disabled={pending}>
            {pending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
            {pending ? m.submitting : m.submit}
          </Button>
        </form>

        <p className="mt-6 text-center text-sm text-muted">
          {m.noAccount}{' '}
          <a
            href={localizePath('/signup', locale)}
            className="font-medium text-fg underline decoration-accent decoration-2 underline-offset-4 hover:decoration-fg"
          >
            {m.createAccount}
          </a>
        </p>
      </section>

      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 lg:gap-6">
        <MarketingPanel
          icon={UserRound}
          eyebrow={m.customersEyebrow}
          title={m.customersTitle}
          points={[
            [Search, m.customersPoint1],
            [ShieldCheck, m.customersPoint2],
            [Scale, m.customersPoint3],
          ]}
        />
        <MarketingPanel
          icon={BriefcaseBusiness}
          eyebrow={m.contractorsEyebrow}
          title={m.contractorsTitle}
          points={[
            [CalendarCheck, m.contractorsPoint1],
            [HandCoins, m.contractorsPoint2],
            [Sparkles, m.contractorsPoint3],
          ]}
        />
      </div>
    </div>
  );
}

function MarketingPanel({
  icon: Icon,
  eyebrow,
  title,
  points,
}: {
  icon: LucideIcon;
  eyebrow: string;
  title: string;
  points: [LucideIcon, string][];
}) {
  return (
    <section className="rounded-2xl border border-border bg-gradient-to-br from-surface to-surface-2/60 p-5 sm:p-6">
      <p className="flex items-center gap-2 text-xs font-semibold tracking-wide text-muted uppercase">
        <Icon aria-hidden="true" className="h-4 w-4 text-accent-text" />
        {eyebrow}
      </p>
      <h2 className="mt-2 text-lg font-semibold tracking-tight">{title}</h2>
      <ul className="mt-4 space-y-3">
        {points.map(([PointIcon, text]) => (
          <li key={text} className="flex gap-3 text-sm text-muted">
            <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-md bg-accent/15 text-accent-text">
              <PointIcon aria-hidden="true" className="h-3.5 w-3.5" />
            </span>
            <span>{text}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function SignInSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-label={label}
      className="grid items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,27rem)] lg:gap-12"
    >
      <div className="space-y-5 rounded-2xl border border-border bg-surface p-5 sm:p-8 lg:order-last">
        <Skeleton className="h-8 w-1/3" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1 lg:gap-6">
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-48 w-full rounded-2xl" />
      </div>
    </div>
  );
}

export default island(SignInForm);

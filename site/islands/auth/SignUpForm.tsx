import { BriefcaseBusiness, MailCheck, LoaderCircle, UserRound, type LucideIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { format } from '../../i18n/index.ts';
import { localizePath, type Locale } from '../../i18n/locales.ts';
import { authValidationMessages, passwordToggleMessages, signUpMessages } from '../../i18n/messages/auth.ts';
import { register } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { Field, Input } from '../../ui/Field.tsx';
import { island } from '../../ui/island.tsx';
import { useMounted } from '../../ui/use-mounted.ts';
import { AuthCard } from './AuthCard.tsx';
import { registrationErrorMessage, signUpFieldError } from './errors.ts';
import { PasswordInput } from './PasswordInput.tsx';
import { roleFromQuery } from './role-query.ts';
import {
  earliestBirthDate,
  isoDate,
  MAX_EMAIL_LENGTH,
  MAX_NAME_LENGTH,
  MAX_PASSWORD_LENGTH,
  SIGN_UP_FIELDS,
  validateSignUp,
  type Errors,
  type PublicRole,
  type SignUpField,
  type SignUpValues,
} from './validation.ts';

type Props = { locale: Locale };

const emptyValues: SignUpValues = { role: '', name: '', email: '', dateOfBirth: '', password: '' };

/**
 * The sign-up screen (docs/product.md#accounts). The server e-mails a confirmation link and answers
 * the same whether or not the address has an account (docs/decisions.md, "Sign-up by e-mail
 * confirmation"), so the screen then asks the person to check their e-mail, showing the address
 * they typed. The link opens /signup/confirm (ConfirmSignUp), which signs them in and continues the
 * journey: the onboarding dialog for a contractor, /platform for a customer.
 */
function SignUpForm({ locale }: Props) {
  const m = signUpMessages[locale];
  const v = authValidationMessages[locale];
  const mounted = useMounted();

  const [values, setValues] = useState<SignUpValues>(emptyValues);
  const [errors, setErrors] = useState<Errors<SignUpField>>({});
  const [pending, setPending] = useState(false);
  /** The address the confirmation went to, once sent. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sentHeading = useRef<HTMLHeadingElement>(null);

  useEffect(() => {
    if (sentTo) sentHeading.current?.focus();
  }, [sentTo]);

  // After mount, so server HTML and hydration agree: a link may have chosen the role already.
  useEffect(() => {
    const asked = roleFromQuery(window.location.search);
    if (asked) setValues((current) => (current.role ? current : { ...current, role: asked }));
  }, []);

  const refs: Record<SignUpField, RefObject<HTMLInputElement | null>> = {
    role: useRef<HTMLInputElement>(null),
    name: useRef<HTMLInputElement>(null),
    email: useRef<HTMLInputElement>(null),
    dateOfBirth: useRef<HTMLInputElement>(null),
    password: useRef<HTMLInputElement>(null),
  };

  function update<K extends SignUpField>(field: K, value: SignUpValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _removed, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending) return;
    const found = validateSignUp(values, new Date());
    setErrors(found);
    const first = SIGN_UP_FIELDS.find((field) => found[field]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    const email = values.email.trim();
    setPending(true);
    try {
      await register({
        name: values.name.trim(),
        email,
        password: values.password,
        role: values.role as PublicRole,
        dateOfBirth: values.dateOfBirth,
        language: locale,
      });
    } catch (error) {
      toast({ title: m.failedTitle, description: registrationErrorMessage(error, locale, m), variant: 'destructive' });
      const fieldError = signUpFieldError(error);
      if (fieldError) {
        setErrors((current) => ({ ...current, [fieldError.field]: fieldError.key }));
        refs[fieldError.field].current?.focus();
      }
      return;
    } finally {
      setPending(false);
    }
    setSentTo(email);
  }

  function startAgain() {
    // The details stay for a corrected retry; the password is typed again.
    setValues((current) => ({ ...current, password: '' }));
    setSentTo(null);
  }

  if (sentTo) {
    return (
      <AuthCard>
        <div className="flex flex-col items-center text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-success/15 text-success">
            <MailCheck aria-hidden="true" className="h-6 w-6" />
          </span>
          <h1 ref={sentHeading} tabIndex={-1} className="mt-4 text-2xl font-bold tracking-tight focus:outline-none">
            {m.checkEmailTitle}
          </h1>
          <p role="status" className="mt-2 text-sm">
            {format(m.checkEmailText, { email: sentTo })}
          </p>
          <p className="mt-3 text-sm text-muted">{m.checkEmailHint}</p>
          <Button variant="outline" size="lg" className="mt-6" onClick={startAgain}>
            {m.startAgain}
          </Button>
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard>
      <header className="text-center">
        <h1 id="signup-heading" className="text-2xl font-bold tracking-tight sm:text-3xl">
          {m.heading}
        </h1>
        <p className="mt-2 text-sm text-muted">{m.hint}</p>
      </header>

      {/* POST, and no submitting before hydration: the browser must never put a password in the URL. */}
      <form method="post" noValidate onSubmit={onSubmit} aria-labelledby="signup-heading" className="mt-6 space-y-5">
        <RoleChoice
          locale={locale}
          value={values.role}
          error={errors.role ? v[errors.role] : null}
          firstRef={refs.role}
          onChange={(role) => update('role', role)}
        />

        <Field label={m.nameLabel} error={errors.name ? v[errors.name] : null}>
          {({ id, describedBy, invalid }) => (
            <Input
              ref={refs.name}
              id={id}
              name="name"
              autoComplete="name"
              required
              maxLength={MAX_NAME_LENGTH}
              placeholder={m.namePlaceholder}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={values.name}
              onChange={(e) => update('name', e.target.value)}
            />
          )}
        </Field>

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
              maxLength={MAX_EMAIL_LENGTH}
              placeholder={m.emailPlaceholder}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={values.email}
              onChange={(e) => update('email', e.target.value)}
            />
          )}
        </Field>

        <Field
          label={m.dateOfBirthLabel}
          hint={m.dateOfBirthHint}
          error={errors.dateOfBirth ? v[errors.dateOfBirth] : null}
        >
          {({ id, describedBy, invalid }) => (
            <Input
              ref={refs.dateOfBirth}
              id={id}
              name="dateOfBirth"
              type="date"
              autoComplete="bday"
              required
              min={mounted ? earliestBirthDate(new Date()) : undefined}
              max={mounted ? isoDate(new Date()) : undefined}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={values.dateOfBirth}
              onChange={(e) => update('dateOfBirth', e.target.value)}
            />
          )}
        </Field>

        <Field label={m.passwordLabel} hint={m.passwordHint} error={errors.password ? v[errors.password] : null}>
          {({ id, describedBy, invalid }) => (
            <PasswordInput
              ref={refs.password}
              id={id}
              name="password"
              autoComplete="new-password"
              required
              maxLength={MAX_PASSWORD_LENGTH}
              toggleLabel={passwordToggleMessages[locale].showPassword}
              aria-describedby={describedBy}
              aria-invalid={invalid}
              value={values.password}
              onChange={(e) => update('password', e.target.value)}
            />
          )}
        </Field>

        <Button type="submit" size="lg" className="w-full" disabled={!mounted || pending}>
          {pending && <LoaderCircle aria-hidden="true" className="h-4 w-4 animate-spin" />}
          {pending ? m.submitting : m.submit}
        </Button>
      </form>

      <p className="mt-6 text-center text-sm text-muted">
        {m.haveAccount}{' '}
        <a
          href={localizePath('/signin', locale)}
          className="font-medium text-fg underline decoration-accent decoration-2 underline-offset-4 hover:decoration-fg"
        >
          {m.signIn}
        </a>
      </p>
    </AuthCard>
  );
}

/** Customer or contractor, as a native radio group (arrow keys move between the two). */
function RoleChoice({
  locale,
  value,
  error,
  firstRef,
  onChange,
}: {
  locale: Locale;
  value: SignUpValues['role'];
  error: string | null;
  firstRef: RefObject<HTMLInputElement | null>;
  onChange: (role: PublicRole) => void;
}) {
  const m = signUpMessages[locale];
  const id = useId();
  const legendId = `${id}-legend`;
  const noteId = `${id}-note`;
  const errorId = `${id}-error`;
  const options: { role: PublicRole; label: string; hint: string; icon: LucideIcon }[] = [
    { role: 'customer', label: m.roleCustomer, hint: m.roleCustomerHint, icon: UserRound },
    { role: 'contractor', label: m.roleContractor, hint: m.roleContractorHint, icon: BriefcaseBusiness },
  ];
  return (
    <div
      role="radiogroup"
      aria-labelledby={legendId}
      aria-describedby={[noteId, error ? errorId : null].filter(Boolean).join(' ')}
      aria-required="true"
      aria-invalid={Boolean(error)}
      className="space-y-2"
    >
      <p id={legendId} className="text-sm font-medium">
        {m.roleLegend}
      </p>
      <div className="grid grid-cols-1 gap-3 min-[400px]:grid-cols-2">
        {options.map((option, index) => {
          const inputId = `${id}-${option.role}`;
          const checked = value === option.role;
          const Icon = option.icon;
          return (
            <label
              key={option.role}
              htmlFor={inputId}
              className={`relative flex cursor-pointer items-start gap-3 rounded-xl border p-3 pr-9 transition has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-accent-text ${
                checked ? 'border-accent bg-accent/10' : error ? 'border-danger' : 'border-border hover:bg-surface-2'
              }`}
            >
              <input
                ref={index === 0 ? firstRef : undefined}
                id={inputId}
                type="radio"
                name="role"
                value={option.role}
                checked={checked}
                onChange={() => onChange(option.role)}
                aria-labelledby={`${inputId}-label`}
                aria-describedby={`${inputId}-hint`}
                className="absolute top-3.5 right-3 h-4 w-4 cursor-pointer accent-accent focus-visible:outline-none"
              />
              <span
                aria-hidden="true"
                className={`flex h-9 w-9 shrink-0 items-center justify-center rounded-lg ${
                  checked ? 'bg-accent text-accent-fg' : 'bg-surface-2 text-muted'
                }`}
              >
                <Icon className="h-4 w-4" />
              </span>
              <span className="min-w-0">
                <span id={`${inputId}-label`} className="block text-sm font-semibold">
                  {option.label}
                </span>
                <span id={`${inputId}-hint`} className="block text-xs text-muted">
                  {option.hint}
                </span>
              </span>
            </label>
          );
        })}
      </div>
      <p id={noteId} className="text-xs text-muted">
        {m.separateAccounts}
      </p>
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export default island(SignUpForm);

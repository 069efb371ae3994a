import { useStore } from '@nanostores/react';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { commonMessages } from '../../i18n/messages/common.ts';
import { contactMessages } from '../../i18n/messages/contact.ts';
import { CONTACT_LIMITS, CONTACT_REQUIRED, contactBody, type ContactBody } from '../../../shared/http/contact.ts';
import { abuseLimitMessageOf } from '../../lib/server-messages.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button } from '../../ui/Button.tsx';
import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { sendContactMessage } from './stores.ts';

type Values = { name: string; email: string; subject: string; message: string; website: string };
const EMPTY: Values = { name: '', email: '', subject: '', message: '', website: '' };

/**
 * The message checked with the API's body schema (contactBody): the body to send, or which message
 * to show: 'missing' when name, e-mail or message is blank (the subject is optional,
 * docs/product.md#contact), 'invalid' for anything else the server would refuse.
 */
function checkContact(
  values: Values,
): { body: ContactBody; problem?: never } | { body?: never; problem: 'missing' | 'invalid' } {
  const body = {
    name: values.name,
    email: values.email,
    subject: values.subject,
    message: values.message,
    ...(values.website ? { website: values.website } : {}),
  };
  const parsed = contactBody.safeParse(body);
  if (parsed.success) return { body };
  return { problem: parsed.error.issues.some((issue) => issue.message === CONTACT_REQUIRED) ? 'missing' : 'invalid' };
}

/**
 * The contact dialog (docs/product.md#contact). A signed-in user finds their name and
 * e-mail already filled in. The hidden `website` field is a honeypot: people never see it.
 */
export default function ContactDialog({ locale, open, onOpenChange }: HostedDialogProps) {
  const m = contactMessages[locale];
  const formId = useId();
  const session = useStore($session);
  const [values, setValues] = useState<Values>(EMPTY);
  const [pending, setPending] = useState(false);

  const user = session.status === 'authenticated' ? session.user : null;
  useEffect(() => {
    if (!open || !user) return;
    setValues((current) => ({
      ...current,
      name: current.name || user.name,
      email: current.email || user.email,
    }));
  }, [open, user]);

  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    const checked = checkContact(values);
    if (checked.problem === 'missing') {
      toast({ title: m.missingTitle, description: m.missingText, variant: 'destructive' });
      return;
    }
    if (!checked.body) {
      toast({ title: m.errorTitle, description: m.errorText, variant: 'destructive' });
      return;
    }
    setPending(true);
    try {
      await sendContactMessage(checked.body);
      toast({ title: m.sentTitle, description: m.sentText, variant: 'success' });
      setValues(EMPTY);
      onOpenChange(false);
    } catch (error) {
      toast({
        title: m.errorTitle,
        description: abuseLimitMessageOf(error, locale) ?? m.errorText,
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.title}
      description={m.description}
      closeLabel={commonMessages[locale].close}
      size="md"
      busy={pending}
      footer={
        <>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
            {m.cancel}
          </Button>
          <Button type="submit" form={formId} disabled={pending} aria-busy={pending}>
            {pending ? m.sending : m.send}
          </Button>
        </>
      }
    >
      {/* noValidate: the dialog's own toast reports missing fields, not the browser's bubbles. */}
      <form id={formId} noValidate onSubmit={submit} className="space-y-4">
        <Field label={m.name}>
          {({ id }) => (
            <Input
              id={id}
              name="name"
              autoComplete="name"
              maxLength={CONTACT_LIMITS.name}
              value={values.name}
              onChange={set('name')}
            />
          )}
        </Field>
        <Field label={m.email}>
          {({ id }) => (
            <Input
              id={id}
              name="email"
              type="email"
              autoComplete="email"
              maxLength={CONTACT_LIMITS.email}
              value={values.email}
              onChange={set('email')}
            />
          )}
        </Field>
        <Field label={m.subject}>
          {({ id }) => (
            <Input
              id={id}
              name="subject"
              maxLength={CONTACT_LIMITS.subject}
              value={values.subject}
              onChange={set('subject')}
            />
          )}
        </Field>
        <Field label={m.message}>
          {({ id }) => (
            <Textarea
              id={id}
              name="message"
              rows={5}
              maxLength={CONTACT_LIMITS.message}
              value={values.message}
              onChange={set('message')}
            />
          )}
        </Field>
        {/* The honeypot: off screen, out of the tab order and hidden from assistive technology. */}
        <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
          <label>
            {m.honeypot}
            <input
              type="text"
              name="website"
              tabIndex={-1}
              autoComplete="off"
              value={values.website}
              onChange={set('website')}
            />
          </label>
        </div>
        <p className="text-xs text-muted">{m.requiredNote}</p>
      </form>
    </InfoDialog>
  );
}

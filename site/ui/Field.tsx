import { forwardRef, useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

const control =
  'w-full rounded-lg border border-border bg-surface px-3 py-2 text-fg placeholder:text-muted focus-visible:outline-2 aria-[invalid=true]:border-danger';

type FieldProps = { label: ReactNode; error?: string | null; hint?: ReactNode; children: (ids: FieldIds) => ReactNode };
export type FieldIds = { id: string; describedBy: string | undefined; invalid: boolean };

/** A label, a control, an optional hint and an error announced to screen readers. */
export function Field({ label, error, hint, children }: FieldProps) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium">
        {label}
      </label>
      {children({ id, describedBy, invalid: Boolean(error) })}
      {hint && (
        <p id={hintId} className="text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

export const Input = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement>>(function Input(
  { className = '', ...props },
  ref,
) {
  return <input ref={ref} className={`${control} h-10 ${className}`} {...props} />;
});

/** A file picker styled like the other controls (its button takes the theme's surface). */
export const FileInput = forwardRef<HTMLInputElement, Omit<InputHTMLAttributes<HTMLInputElement>, 'type'>>(
  function FileInput({ className = '', ...props }, ref) {
    return (
      <input
        ref={ref}
        type="file"
        className={`block w-full text-sm file:mr-3 file:rounded-lg file:border file:border-border file:bg-surface-2 file:px-3 file:py-2 file:text-fg ${className}`}
        {...props}
      />
    );
  },
);

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(function Textarea(
  { className = '', ...props },
  ref,
) {
  return <textarea ref={ref} className={`${control} min-h-24 ${className}`} {...props} />;
});

import { Eye, EyeOff } from 'lucide-react';
import { forwardRef, useState, type InputHTMLAttributes } from 'react';
import { Input } from '../../ui/Field.tsx';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> & { id: string; toggleLabel: string };

/**
 * A password input with a show/hide toggle. The toggle keeps one accessible name ('Show password')
 * and reports its state with aria-pressed, so assistive technology hears "pressed" when shown.
 */
export const PasswordInput = forwardRef<HTMLInputElement, Props>(function PasswordInput(
  { id, toggleLabel, className = '', ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  const Icon = visible ? EyeOff : Eye;
  return (
    <div className="relative">
      <Input ref={ref} id={id} type={visible ? 'text' : 'password'} className={`pr-11 ${className}`} {...props} />
      <button
        type="button"
        aria-label={toggleLabel}
        aria-pressed={visible}
        aria-controls={id}
        title={toggleLabel}
        onClick={() => setVisible((v) => !v)}
        className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-muted transition hover:text-fg"
      >
        <Icon aria-hidden="true" className="h-4 w-4" />
      </button>
    </div>
  );
});

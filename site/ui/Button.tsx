import { forwardRef, type ButtonHTMLAttributes } from 'react';
import { haptic, type Haptic } from '../lib/haptics.ts';

type Variant = 'primary' | 'outline' | 'ghost' | 'destructive' | 'destructive-ghost';
type Size = 'sm' | 'md' | 'lg' | 'icon' | 'icon-sm';

/**
 * Destructive actions (delete, cancel, decline, reject, withdraw) read as dangerous in both themes:
 * red text on the page's own background, since white on the dark theme's light red would fail
 * contrast. `destructive-ghost` is the quiet form for an icon repeated down a list (a trash can on
 * each row), red once pointed at.
 */
const variants: Record<Variant, string> = {
  primary: 'bg-accent text-accent-fg hover:brightness-110',
  outline: 'border border-border bg-transparent text-fg hover:bg-surface-2',
  ghost: 'bg-transparent text-fg hover:bg-surface-2',
  destructive: 'border border-danger/60 bg-transparent text-danger hover:bg-danger/10',
  'destructive-ghost': 'bg-transparent text-muted hover:bg-danger/10 hover:text-danger',
};

const sizes: Record<Size, string> = {
  sm: 'h-8 px-3 text-sm',
  md: 'h-10 px-4 text-sm',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10 p-0',
  'icon-sm': 'h-8 w-8 p-0',
};

export function buttonClasses(variant: Variant = 'primary', size: Size = 'md', extra = '') {
  return `inline-flex items-center justify-center gap-2 rounded-lg font-medium transition focus-visible:outline-2 disabled:pointer-events-none disabled:opacity-50 ${variants[variant]} ${sizes[size]} ${extra}`;
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant; size?: Size };

/** What a press feels like (docs/product.md#site): destructive buttons warn, the main action is firmer. */
export const pressHaptics: Record<Variant, Haptic> = {
  primary: 'medium',
  outline: 'light',
  ghost: 'light',
  destructive: 'warning',
  'destructive-ghost': 'warning',
};

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { variant = 'primary', size = 'md', className = '', type = 'button', onClick, ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={buttonClasses(variant, size, className)}
      onClick={(event) => {
        haptic(pressHaptics[variant]);
        onClick?.(event);
      }}
      {...props}
    />
  );
});

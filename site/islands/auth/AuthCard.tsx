import type { ReactNode } from 'react';

/** The card the sign-up screens sit in (the form, "check your e-mail", the confirmation page). */
export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto w-full max-w-lg rounded-2xl border border-border bg-surface p-5 shadow-sm sm:p-8">
      {children}
    </section>
  );
}

import type { ReactNode } from 'react';

export type Step = { title: string; body: ReactNode };

/** A numbered list of steps, each with a short title and its text; readable at 360 px. */
export function Steps({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className="space-y-3">
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-3">
          <span
            aria-hidden="true"
            className="grid h-7 w-7 shrink-0 place-items-center rounded-full bg-accent text-sm font-bold text-accent-fg"
          >
            {index + 1}
          </span>
          <div className="min-w-0 flex-1 pt-0.5 text-sm leading-relaxed">
            <p className="font-semibold text-fg">{step.title}</p>
            <div className="mt-0.5 text-fg/90">{step.body}</div>
          </div>
        </li>
      ))}
    </ol>
  );
}

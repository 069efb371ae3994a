import { forumCategories } from '../../../shared/domain/forum/categories.ts';
import type { Locale } from '../../i18n/index.ts';
import type { ForumMessages } from '../../i18n/messages/forum.ts';
import { plural } from '../../i18n/plural.ts';
import type { ForumCategoryCount, Polled } from './data.ts';
import { categoryLabel, LoadError, type Filter } from './parts.tsx';

/** The six categories with their discussion counts; choosing one filters the discussions. */
export function CategoryGrid({
  m,
  locale,
  categories,
  selected,
  onSelect,
}: {
  m: ForumMessages;
  locale: Locale;
  categories: Polled<ForumCategoryCount[]>;
  selected: Filter;
  onSelect: (value: Filter) => void;
}) {
  const counts = new Map(categories.data?.map((c) => [c.value, c.count]));
  if (categories.data === undefined && categories.error) {
    return <LoadError text={m.categoriesFailed} retry={m.tryAgain} onRetry={categories.reload} />;
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-muted">{m.categoriesIntro}</p>
      <ul className="grid gap-3 sm:grid-cols-2" aria-busy={categories.data === undefined}>
        {forumCategories.map((c) => {
          const count = counts.get(c.value);
          const active = selected === c.value;
          return (
            <li key={c.value}>
              <button
                type="button"
                aria-pressed={active}
                onClick={() => onSelect(c.value)}
                className={`flex w-full items-center justify-between gap-3 rounded-xl border p-4 text-left transition focus-visible:outline-2 ${active ? 'border-accent bg-accent/10' : 'border-border hover:border-accent/60'}`}
              >
                <span className="font-semibold">{categoryLabel(m, c.value)}</span>
                <span className="text-sm text-muted" data-testid={`category-count-${c.value}`}>
                  {count === undefined ? (
                    <span
                      aria-hidden="true"
                      className="inline-block h-4 w-16 animate-skeleton rounded-md bg-surface-2"
                    />
                  ) : (
                    plural(locale, count, { one: m.categoryPostsOne, other: m.categoryPostsMany })
                  )}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

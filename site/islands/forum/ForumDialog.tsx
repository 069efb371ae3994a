import { useStore } from '@nanostores/react';
import { Tabs } from 'radix-ui';
import { useEffect, useState } from 'react';
import { FORUM_PAGE, type ForumSort } from '../../../shared/domain/forum/categories.ts';
import { localizePath, type Locale } from '../../i18n/index.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { forumMessages, type ForumMessages } from '../../i18n/messages/forum.ts';
import { $session } from '../../stores/session.ts';
import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';
import { Browse } from './Browse.tsx';
import { CategoryGrid } from './CategoryGrid.tsx';
import {
  CATEGORIES_URL,
  getPostsPage,
  postsUrl,
  usePolled,
  type ForumCategoryCount,
  type ForumPost,
  type PostsPage,
} from './data.ts';
import type { Filter } from './parts.tsx';
import { PostDetail } from './PostDetail.tsx';

const SEARCH_DEBOUNCE_MS = 300;

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The community forum (docs/product.md#forum): Browse Discussions and Categories tabs. The body mounts
 * only while the dialog is open, so the forum is fetched (and refreshed every 15 s) only then.
 */
export default function ForumDialog({ locale, open, onOpenChange }: HostedDialogProps) {
  const m = forumMessages[locale];
  return (
    <InfoDialog
      open={open}
      onOpenChange={onOpenChange}
      title={m.title}
      description={m.description}
      closeLabel={commonMessages[locale].close}
      size="xl"
    >
      <ForumBody locale={locale} />
    </InfoDialog>
  );
}

function ForumBody({ locale }: { locale: Locale }) {
  const m = forumMessages[locale];
  const session = useStore($session);
  const signedIn = session.status === 'authenticated';
  const [tab, setTab] = useState('browse');
  const [category, setCategory] = useState<Filter>('all');
  const [sort, setSort] = useState<ForumSort>('recent');
  const [searchText, setSearchText] = useState('');
  const search = useDebounced(searchText, SEARCH_DEBOUNCE_MS);
  const [selected, setSelected] = useState<ForumPost | null>(null);
  // How many discussions are on screen; a new filter, sort or search starts again at one page.
  const filterKey = `${category}|${sort}|${search}`;
  const [shown, setShown] = useState<{ filterKey: string; limit: number }>({ filterKey, limit: FORUM_PAGE.size });
  const limit = shown.filterKey === filterKey ? shown.limit : FORUM_PAGE.size;

  const posts = usePolled<PostsPage>(postsUrl({ category, sort, search, limit }), getPostsPage);
  const categories = usePolled<ForumCategoryCount[]>(CATEGORIES_URL);
  // The open discussion follows the list's fresher counts when the list holds it.
  const current = selected ? (posts.data?.posts.find((post) => post.id === selected.id) ?? selected) : null;

  return (
    <Tabs.Root value={tab} onValueChange={setTab} className="space-y-4">
      <Tabs.List aria-label={m.title} className="grid grid-cols-2 gap-1 rounded-xl bg-surface-2 p-1">
        {[
          ['browse', m.browseTab],
          ['categories', m.categoriesTab],
        ].map(([value, label]) => (
          <Tabs.Trigger
            key={value}
            value={value!}
            className="rounded-lg px-3 py-2 text-sm font-medium text-muted transition hover:text-fg focus-visible:outline-2 data-[state=active]:bg-surface data-[state=active]:text-fg data-[state=active]:shadow"
          >
            {label}
          </Tabs.Trigger>
        ))}
      </Tabs.List>

      {!signedIn && session.status !== 'loading' ? <SignInHint m={m} locale={locale} /> : null}

      <Tabs.Content value="browse" className="space-y-4 focus-visible:outline-2">
        {current ? (
          <PostDetail m={m} locale={locale} post={current} signedIn={signedIn} onBack={() => setSelected(null)} />
        ) : (
          <Browse
            m={m}
            locale={locale}
            signedIn={signedIn}
            category={category}
            setCategory={setCategory}
            sort={sort}
            setSort={setSort}
            searchText={searchText}
            setSearchText={setSearchText}
            filtered={category !== 'all' || search.trim() !== ''}
            posts={posts}
            limit={limit}
            onShowMore={() => setShown({ filterKey, limit: limit + FORUM_PAGE.size })}
            onOpen={setSelected}
          />
        )}
      </Tabs.Content>

      <Tabs.Content value="categories" className="focus-visible:outline-2">
        <CategoryGrid m={m} locale={locale} categories={categories} selected={category} onSelect={setCategory} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

function SignInHint({ m, locale }: { m: ForumMessages; locale: Locale }) {
  return (
    <p className="flex flex-wrap items-center gap-2 rounded-lg border border-border bg-surface-2 px-3 py-2 text-sm">
      <span>{m.signInHint}</span>
      <a href={localizePath('/signin', locale)} className="font-medium text-accent-text underline underline-offset-2">
        {m.signIn}
      </a>
    </p>
  );
}

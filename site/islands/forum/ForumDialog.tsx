import { useStore } from '@nanostores/react';
import { ArrowLeft, MessageSquare, Plus, ThumbsUp } from 'lucide-react';
import { Tabs } from 'radix-ui';
import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import {
  FORUM_PAGE,
  forumCategories,
  forumSorts,
  type ForumCategory,
  type ForumSort,
} from '../../../shared/domain/forum/categories.ts';
import { format, localizePath, type Locale } from '../../i18n/index.ts';
import { commonMessages } from '../../i18n/messages/common.ts';
import { forumMessages, type ForumMessages } from '../../i18n/messages/forum.ts';
import { apiRequest, messageOf } from '../../lib/api.ts';
import { localizedMessageOf } from '../../lib/server-messages.ts';
import { $session } from '../../stores/session.ts';
import { toast } from '../../stores/toasts.ts';
import { Button, buttonClasses } from '../../ui/Button.tsx';
import { InfoDialog, type HostedDialogProps } from '../../ui/Dialog.tsx';
import { Field, Input, Textarea } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import {
  CATEGORIES_URL,
  FORMER_MEMBER,
  getPostsPage,
  initials,
  postsUrl,
  repliesUrl,
  usePolledJson,
  type ForumCategoryCount,
  type ForumPost,
  type ForumReply,
  type PostsPage,
} from './data.ts';
import { dateTimeFormat } from '../../i18n/intl.ts';
import { plural } from '../../i18n/plural.ts';

type Filter = ForumCategory | 'all';

const SEARCH_DEBOUNCE_MS = 300;
const EXCERPT_LENGTH = 180;

const selectClasses = 'h-10 rounded-lg border border-border bg-surface px-3 text-sm text-fg focus-visible:outline-2';

const categoryLabel = (m: ForumMessages, value: ForumCategory) => m[`cat_${value}`];
const authorLabel = (m: ForumMessages, name: string) => (name === FORMER_MEMBER ? m.formerMember : name);

function useDebounced<T>(value: T, ms: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setDebounced(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/**
 * The community forum (spec section 2): Browse Discussions and Categories tabs. The body mounts
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

  const posts = usePolledJson<PostsPage>(postsUrl({ category, sort, search, limit }), getPostsPage);
  const categories = usePolledJson<ForumCategoryCount[]>(CATEGORIES_URL);
  const refreshAll = () => {
    posts.reload();
    categories.reload();
  };
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
          <PostDetail
            m={m}
            locale={locale}
            post={current}
            signedIn={signedIn}
            onBack={() => setSelected(null)}
            onChanged={refreshAll}
          />
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
            onChanged={refreshAll}
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

type BrowseProps = {
  m: ForumMessages;
  locale: Locale;
  signedIn: boolean;
  category: Filter;
  setCategory: (value: Filter) => void;
  sort: ForumSort;
  setSort: (value: ForumSort) => void;
  searchText: string;
  setSearchText: (value: string) => void;
  filtered: boolean;
  posts: ReturnType<typeof usePolledJson<PostsPage>>;
  /** How many discussions were asked for; "Show more" asks for a page more. */
  limit: number;
  onShowMore: () => void;
  onOpen: (post: ForumPost) => void;
  onChanged: () => void;
};

function Browse(props: BrowseProps) {
  const { m, locale, signedIn, posts } = props;
  const [formOpen, setFormOpen] = useState(false);
  const ids = useId();
  const sortLabels: Record<ForumSort, string> = { recent: m.sortRecent, popular: m.sortPopular, active: m.sortActive };
  const list = posts.data?.posts;
  const total = posts.data?.total ?? 0;
  // A "Show more" is waiting for its answer while fewer are listed than asked for and more exist.
  const loadingMore = posts.loading && list !== undefined && list.length < props.limit && list.length < total;
  const canShowMore = list !== undefined && list.length < total && props.limit < FORUM_PAGE.maxLimit;
  // Keyboard and screen-reader users land on the first discussion "Show more" brought in.
  const listRef = useRef<HTMLUListElement>(null);
  const firstNew = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNew.current;
    if (index === null || !list || list.length <= index) return;
    firstNew.current = null;
    listRef.current?.querySelectorAll<HTMLButtonElement>(':scope > li > article > button').item(index)?.focus();
  }, [list]);

  return (
    <div className="space-y-4">
      <div className="grid gap-3 sm:grid-cols-[1fr_auto_auto]">
        <div>
          <label htmlFor={`${ids}-search`} className="sr-only">
            {m.searchLabel}
          </label>
          <Input
            id={`${ids}-search`}
            type="search"
            placeholder={m.searchPlaceholder}
            value={props.searchText}
            maxLength={200}
            onChange={(event) => props.setSearchText(event.target.value)}
          />
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${ids}-category`} className="text-sm text-muted">
            {m.categoryFilterLabel}
          </label>
          <select
            id={`${ids}-category`}
            className={selectClasses}
            value={props.category}
            onChange={(event) => props.setCategory(event.target.value as Filter)}
          >
            <option value="all">{m.allCategories}</option>
            {forumCategories.map((c) => (
              <option key={c.value} value={c.value}>
                {categoryLabel(m, c.value)}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-center gap-2">
          <label htmlFor={`${ids}-sort`} className="text-sm text-muted">
            {m.sortLabel}
          </label>
          <select
            id={`${ids}-sort`}
            className={selectClasses}
            value={props.sort}
            onChange={(event) => props.setSort(event.target.value as ForumSort)}
          >
            {forumSorts.map((value) => (
              <option key={value} value={value}>
                {sortLabels[value]}
              </option>
            ))}
          </select>
        </div>
      </div>

      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted" aria-live="polite" data-testid="forum-count">
          {list ? plural(locale, total, { one: m.discussionCountOne, other: m.discussionCountMany }) : '\u00a0'}
        </p>
        <Button
          variant={formOpen ? 'outline' : 'primary'}
          disabled={!signedIn}
          aria-expanded={formOpen}
          onClick={() => setFormOpen((value) => !value)}
        >
          {formOpen ? null : <Plus aria-hidden="true" className="h-4 w-4" />}
          {formOpen ? m.cancel : m.newDiscussion}
        </Button>
      </div>

      {formOpen && signedIn ? (
        <NewPostForm
          locale={locale}
          m={m}
          onPosted={() => {
            setFormOpen(false);
            props.onChanged();
          }}
        />
      ) : null}

      {list === undefined ? (
        posts.error ? (
          <LoadError text={m.loadFailed} retry={m.tryAgain} onRetry={posts.reload} />
        ) : (
          <div role="status" aria-label={m.loadingPosts} className="space-y-3">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-28 w-full" />
            ))}
          </div>
        )
      ) : (
        <>
          {posts.error ? <LoadError text={m.loadFailed} retry={m.tryAgain} onRetry={posts.reload} /> : null}
          {list.length === 0 ? (
            <p className="rounded-xl border border-dashed border-border px-4 py-10 text-center text-muted">
              {props.filtered ? m.emptyFiltered : m.emptyPosts}
            </p>
          ) : (
            <ul ref={listRef} className="space-y-3" aria-label={m.browseTab}>
              {list.map((post) => (
                <li key={post.id}>
                  <PostCard
                    m={m}
                    locale={locale}
                    post={post}
                    signedIn={signedIn}
                    onOpen={() => props.onOpen(post)}
                    onChanged={props.onChanged}
                  />
                </li>
              ))}
            </ul>
          )}
          {list.length > 0 && list.length < total ? (
            <div className="flex flex-col items-center gap-2 pt-1">
              <p className="text-sm text-muted" data-testid="forum-shown">
                {format(m.shownOfTotal, { shown: list.length, total })}
              </p>
              {canShowMore ? (
                <Button
                  variant="outline"
                  disabled={loadingMore}
                  aria-busy={loadingMore}
                  onClick={() => {
                    firstNew.current = list.length;
                    props.onShowMore();
                  }}
                >
                  {loadingMore ? m.loadingMore : m.showMore}
                </Button>
              ) : (
                <p className="text-center text-sm text-muted">{m.narrowToSeeOlder}</p>
              )}
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

function LoadError({ text, retry, onRetry }: { text: string; retry: string; onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-danger/50 px-4 py-3 text-sm"
    >
      <span>{text}</span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {retry}
      </Button>
    </div>
  );
}

function formatDate(iso: string, locale: Locale) {
  return dateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'medium' }).format(new Date(iso));
}

function excerpt(text: string) {
  const flat = text.replace(/\s+/g, ' ');
  return flat.length > EXCERPT_LENGTH ? `${flat.slice(0, EXCERPT_LENGTH).trimEnd()}…` : flat;
}

function CategoryBadge({ m, value }: { m: ForumMessages; value: ForumCategory }) {
  return (
    <span className="rounded-full border border-border bg-surface-2 px-2 py-0.5 text-xs font-medium">
      {categoryLabel(m, value)}
    </span>
  );
}

function UpvoteButton({
  m,
  locale,
  count,
  upvoted,
  signedIn,
  url,
  onDone,
}: {
  m: ForumMessages;
  locale: Locale;
  count: number;
  upvoted: boolean;
  signedIn: boolean;
  url: string;
  onDone: () => void;
}) {
  const [pending, setPending] = useState(false);
  async function upvote() {
    setPending(true);
    try {
      await apiRequest('POST', url);
    } catch (error) {
      toast({ title: m.upvoteFailedTitle, description: messageOf(error, m.failedFallback), variant: 'destructive' });
    } finally {
      setPending(false);
      onDone();
    }
  }
  return (
    <Button
      variant={upvoted ? 'primary' : 'outline'}
      size="sm"
      disabled={!signedIn || upvoted || pending}
      aria-pressed={upvoted}
      aria-label={`${upvoted ? m.upvoted : m.upvote} (${plural(locale, count, { one: m.upvotesLabelOne, other: m.upvotesLabel })})`}
      onClick={() => void upvote()}
    >
      <ThumbsUp aria-hidden="true" className="h-4 w-4" />
      <span>{count}</span>
    </Button>
  );
}

function Meta({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-muted">{children}</div>;
}

function PostCard(props: {
  m: ForumMessages;
  locale: Locale;
  post: ForumPost;
  signedIn: boolean;
  onOpen: () => void;
  onChanged: () => void;
}) {
  const { m, locale, post } = props;
  return (
    <article className="rounded-xl border border-border bg-surface p-4 transition hover:border-accent/60">
      <button
        type="button"
        onClick={props.onOpen}
        aria-label={format(m.openDiscussion, { title: post.title })}
        className="block w-full rounded-md text-left focus-visible:outline-2"
      >
        <h3 className="text-base font-semibold break-words">{post.title}</h3>
        <p className="mt-1 text-sm break-words text-fg/80">{excerpt(post.content)}</p>
      </button>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-2">
        <Meta>
          <CategoryBadge m={m} value={post.category} />
          <span>{format(m.byAuthor, { name: authorLabel(m, post.authorName) })}</span>
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, locale)}</time>
          <span className="inline-flex items-center gap-1">
            <MessageSquare aria-hidden="true" className="h-3.5 w-3.5" />
            {plural(locale, post.replyCount, { one: m.repliesLabelOne, other: m.repliesLabel })}
          </span>
        </Meta>
        <UpvoteButton
          m={m}
          locale={locale}
          count={post.upvotes}
          upvoted={post.hasUserUpvoted}
          signedIn={props.signedIn}
          url={`/api/forum/posts/${post.id}/upvote`}
          onDone={props.onChanged}
        />
      </div>
    </article>
  );
}

function NewPostForm({ m, locale, onPosted }: { m: ForumMessages; locale: Locale; onPosted: () => void }) {
  const [title, setTitle] = useState('');
  const [content, setContent] = useState('');
  const [category, setCategory] = useState<ForumCategory | ''>('');
  const [pending, setPending] = useState(false);
  const ready = title.trim() !== '' && content.trim() !== '' && category !== '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || pending) return;
    setPending(true);
    try {
      await apiRequest('POST', '/api/forum/posts', { title, content, category });
      toast({ title: m.postCreatedTitle, description: m.postCreatedText, variant: 'success' });
      setTitle('');
      setContent('');
      setCategory('');
      onPosted();
    } catch (error) {
      toast({
        title: m.postFailedTitle,
        description: localizedMessageOf(error, m.failedFallback, locale),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label={m.newDiscussionTitle}
      className="space-y-3 rounded-xl border border-border bg-surface-2 p-4"
    >
      <h3 className="font-semibold">{m.newDiscussionTitle}</h3>
      <Field label={m.postTitleLabel}>
        {({ id }) => (
          <Input
            id={id}
            value={title}
            maxLength={150}
            placeholder={m.postTitlePlaceholder}
            onChange={(event) => setTitle(event.target.value)}
          />
        )}
      </Field>
      <Field label={m.postContentLabel} hint={m.limitsHint}>
        {({ id, describedBy }) => (
          <Textarea
            id={id}
            aria-describedby={describedBy}
            value={content}
            maxLength={5000}
            rows={5}
            placeholder={m.postContentPlaceholder}
            onChange={(event) => setContent(event.target.value)}
          />
        )}
      </Field>
      <Field label={m.postCategoryLabel}>
        {({ id }) => (
          <select
            id={id}
            className={`${selectClasses} w-full`}
            value={category}
            onChange={(event) => setCategory(event.target.value as ForumCategory | '')}
          >
            <option value="">{m.chooseCategory}</option>
            {forumCategories.map((c) => (
              <option key={c.value} value={c.value}>
                {categoryLabel(m, c.value)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="flex justify-end">
        <Button type="submit" disabled={!ready || pending}>
          {pending ? m.posting : m.postDiscussion}
        </Button>
      </div>
    </form>
  );
}

function PostDetail(props: {
  m: ForumMessages;
  locale: Locale;
  post: ForumPost;
  signedIn: boolean;
  onBack: () => void;
  onChanged: () => void;
}) {
  const { m, locale, post, signedIn } = props;
  const replies = usePolledJson<ForumReply[]>(repliesUrl(post.id));
  const [text, setText] = useState('');
  const [pending, setPending] = useState(false);
  const replyId = useId();
  const refresh = () => {
    replies.reload();
    props.onChanged();
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!text.trim() || pending) return;
    setPending(true);
    try {
      await apiRequest('POST', `/api/forum/posts/${post.id}/replies`, { content: text });
      toast({ title: m.replyPostedTitle, description: m.replyPostedText, variant: 'success' });
      setText('');
      refresh();
    } catch (error) {
      toast({
        title: m.replyFailedTitle,
        description: localizedMessageOf(error, m.failedFallback, locale),
        variant: 'destructive',
      });
    } finally {
      setPending(false);
    }
  }

  return (
    <div className="space-y-5">
      <button type="button" onClick={props.onBack} className={buttonClasses('ghost', 'sm', '-ml-2')}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {m.backToDiscussions}
      </button>

      <article className="space-y-3">
        <h3 className="text-xl font-bold break-words">{post.title}</h3>
        <Meta>
          <CategoryBadge m={m} value={post.category} />
          <span>{format(m.byAuthor, { name: authorLabel(m, post.authorName) })}</span>
          <time dateTime={post.createdAt}>{formatDate(post.createdAt, locale)}</time>
        </Meta>
        <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{post.content}</p>
        <UpvoteButton
          m={m}
          locale={locale}
          count={post.upvotes}
          upvoted={post.hasUserUpvoted}
          signedIn={signedIn}
          url={`/api/forum/posts/${post.id}/upvote`}
          onDone={props.onChanged}
        />
      </article>

      <section className="space-y-3 border-t border-border pt-4">
        <h4 className="font-semibold">
          {m.repliesTitle} {replies.data ? `(${replies.data.length})` : ''}
        </h4>
        {replies.data === undefined ? (
          replies.error ? (
            <LoadError text={m.repliesFailed} retry={m.tryAgain} onRetry={replies.reload} />
          ) : (
            <div role="status" aria-label={m.loadingReplies} className="space-y-2">
              <Skeleton className="h-16 w-full" />
              <Skeleton className="h-16 w-full" />
            </div>
          )
        ) : replies.data.length === 0 ? (
          <p className="text-sm text-muted">{m.noReplies}</p>
        ) : (
          <ul className="space-y-3">
            {replies.data.map((reply) => {
              const name = authorLabel(m, reply.authorName);
              return (
                <li key={reply.id} className="flex gap-3 rounded-xl border border-border p-3">
                  <span
                    aria-hidden="true"
                    data-testid="reply-avatar"
                    className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-accent text-xs font-bold text-accent-fg"
                  >
                    {initials(name)}
                  </span>
                  <div className="min-w-0 flex-1 space-y-1">
                    <Meta>
                      <span className="font-medium text-fg">{name}</span>
                      <time dateTime={reply.createdAt}>{formatDate(reply.createdAt, locale)}</time>
                    </Meta>
                    <p className="text-sm break-words whitespace-pre-wrap">{reply.content}</p>
                    <UpvoteButton
                      m={m}
                      locale={locale}
                      count={reply.upvotes}
                      upvoted={reply.hasUserUpvoted}
                      signedIn={signedIn}
                      url={`/api/forum/replies/${reply.id}/upvote`}
                      onDone={replies.reload}
                    />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <form onSubmit={(event) => void submit(event)} className="space-y-2 border-t border-border pt-4">
        <label htmlFor={replyId} className="block font-semibold">
          {m.addReply}
        </label>
        <Textarea
          id={replyId}
          value={text}
          maxLength={3000}
          rows={3}
          disabled={!signedIn}
          placeholder={m.replyPlaceholder}
          onChange={(event) => setText(event.target.value)}
        />
        <div className="flex justify-end">
          <Button type="submit" disabled={!signedIn || !text.trim() || pending}>
            {m.postReply}
          </Button>
        </div>
      </form>
    </div>
  );
}

function CategoryGrid({
  m,
  locale,
  categories,
  selected,
  onSelect,
}: {
  m: ForumMessages;
  locale: Locale;
  categories: ReturnType<typeof usePolledJson<ForumCategoryCount[]>>;
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

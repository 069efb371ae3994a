import { MessageSquare, Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { FORUM_PAGE, forumCategories, forumSorts, type ForumSort } from '../../../shared/domain/forum/categories.ts';
import { format, type Locale } from '../../i18n/index.ts';
import type { ForumMessages } from '../../i18n/messages/forum.ts';
import { plural } from '../../i18n/plural.ts';
import { Button } from '../../ui/Button.tsx';
import { Input } from '../../ui/Field.tsx';
import { Skeleton } from '../../ui/Skeleton.tsx';
import type { ForumPost, Polled, PostsPage } from './data.ts';
import { NewPostForm } from './NewPostForm.tsx';
import {
  authorLabel,
  CategoryBadge,
  categoryLabel,
  excerpt,
  formatDate,
  LoadError,
  Meta,
  selectClasses,
  UpvoteButton,
  type Filter,
} from './parts.tsx';

export type BrowseProps = {
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
  posts: Polled<PostsPage>;
  /** How many discussions were asked for; "Show more" asks for a page more. */
  limit: number;
  onShowMore: () => void;
  onOpen: (post: ForumPost) => void;
};

export function Browse(props: BrowseProps) {
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

      {formOpen && signedIn ? <NewPostForm locale={locale} m={m} onPosted={() => setFormOpen(false)} /> : null}

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
                  <PostCard m={m} locale={locale} post={post} signedIn={signedIn} onOpen={() => props.onOpen(post)} />
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

/** A discussion in the list: title, excerpt, category, author, date, replies and its upvote. */
function PostCard(props: { m: ForumMessages; locale: Locale; post: ForumPost; signedIn: boolean; onOpen: () => void }) {
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
        />
      </div>
    </article>
  );
}

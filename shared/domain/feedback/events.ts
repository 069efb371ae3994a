export const feedbackCategories = ['feature', 'improvement', 'bug', 'other'] as const;
export type FeedbackCategory = (typeof feedbackCategories)[number];

export const feedbackStatuses = ['open', 'planned', 'in_progress', 'completed', 'declined'] as const;
export type FeedbackStatus = (typeof feedbackStatuses)[number];

export type FeedbackPosted = {
  type: 'FeedbackPosted';
  data: {
    feedbackId: string;
    authorId: string;
    title: string;
    description: string;
    category: FeedbackCategory;
    postedAt: string;
  };
};

export type FeedbackUpvoted = {
  type: 'FeedbackUpvoted';
  data: { feedbackId: string; voterId: string; upvotedAt: string };
};

export type FeedbackStatusChanged = {
  type: 'FeedbackStatusChanged';
  data: { feedbackId: string; status: FeedbackStatus; changedBy: string; changedAt: string };
};

export type FeedbackEvent = FeedbackPosted | FeedbackUpvoted | FeedbackStatusChanged;

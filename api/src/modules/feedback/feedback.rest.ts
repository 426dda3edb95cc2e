import { requestBody, type RestRoute } from '../routes.js';

export const feedbackRestRoutes: RestRoute[] = [
  {
    method: 'post',
    path: '/feedback',
    operation: `mutation RestFeedback($input: FeedbackInput!) { submitFeedback(input: $input) { id message category createdAt } }`,
    variables: (req) => ({ input: { message: requestBody(req).message, category: requestBody(req).category ?? 'general' } }),
    result: (data) => data.submitFeedback,
  },
];

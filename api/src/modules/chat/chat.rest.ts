import type { RestRoute } from '../routes.js';

export const chatRestRoutes: RestRoute[] = [
  {
    method: 'get',
    path: '/staff-chat',
    operation: `query RestStaffChat { staffChat { totalUnread conversations { id kind title unreadCount
      lastMessage { id body createdAt author { id firstName lastName } } } } }`,
    result: (data) => data.staffChat,
  },
];

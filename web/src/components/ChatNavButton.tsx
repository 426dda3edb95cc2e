import { useQuery, useSubscription } from '@apollo/client/react';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import { useLocation, useNavigate } from 'react-router-dom';
import { badgeLabel } from './navItems';
import { ChatUnreadTotalDocument, ChatUnreadTotalLiveDocument } from './chatNav.generated';
import { CountBadge, IconBtn } from './ui';

/**
 * The nav's way into /staff-chat with the total of unread chat messages, kept live by the chat inbox subscription
 * (which also shows a staff member as online to the others while the app is open). Loaded on its own chunk, only for
 * admins, instructors, teachers and parents.
 */
export default function ChatNavButton() {
  const navigate = useNavigate();
  const here = useLocation().pathname === '/staff-chat';
  const { data, client } = useQuery(ChatUnreadTotalDocument, { fetchPolicy: 'cache-and-network' });
  useSubscription(ChatUnreadTotalLiveDocument, {
    fetchPolicy: 'no-cache',
    ignoreResults: true,
    onData: ({ data: event }) => {
      const total = event.data?.chatInbox.totalUnread;
      if (total !== undefined) client.cache.writeQuery({ query: ChatUnreadTotalDocument, data: { staffChatUnread: total } });
    },
  });
  const badge = badgeLabel(data?.staffChatUnread ?? 0);
  return (
    <IconBtn
      type="button"
      aria-label={badge ? `Staff Chat, ${badge} unread` : 'Staff Chat'}
      title="Staff Chat"
      aria-current={here ? 'page' : undefined}
      onClick={() => void navigate('/staff-chat')}
    >
      <ForumOutlined />
      {badge && (
        <CountBadge aria-hidden data-testid="staff-chat-badge" sx={{ bgcolor: 'error.main' }}>
          {badge}
        </CountBadge>
      )}
    </IconBtn>
  );
}

import { useQuery, useSubscription } from '@apollo/client/react';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import FamilyRestroomOutlined from '@mui/icons-material/FamilyRestroomOutlined';
import ForumOutlined from '@mui/icons-material/ForumOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemAvatar from '@mui/material/ListItemAvatar';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { familyNameMatches, familySearchWords, fullName } from '@studio/rules';
import { errorMessage } from '../../app/errors';
import { useAuth } from '../../app/session';
import { PageFrame } from '../../components/PageFrame';
import { CountBadge, visuallyHidden } from '../../components/ui';
import { useDebounced } from '../../components/useDebounced';
import { badgeLabel } from '../../components/navItems';
import { ChatThread, type ConversationItem } from './ChatThread';
import { ChatFamiliesDocument, ChatInboxDocument, ChatStaffDocument, StaffChatConversationsDocument } from './staffChat.generated';
import { useStartDirectChat } from './useStartDirectChat';
import { useStartFamilyChat } from './useStartFamilyChat';

const KIND_ICON = {
  staff_room: ForumOutlined,
  feedback: CampaignOutlined,
  family: FamilyRestroomOutlined,
  direct: PersonOutlined,
} as const;

/** The staff chat — conversations with unread badges beside the open conversation (one or the other on phones). */
export default function StaffChatPage() {
  const { user } = useAuth();
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const [params, setParams] = useSearchParams();
  const { data, error, refetch } = useQuery(StaffChatConversationsDocument, { fetchPolicy: 'cache-and-network' });
  const staff = user?.role !== 'parent';
  const [online, setOnline] = useState<string[]>([]);
  useSubscription(ChatInboxDocument, {
    fetchPolicy: 'no-cache',
    ignoreResults: true,
    onData: ({ data: event }) => {
      const inbox = event.data?.chatInbox;
      if (!inbox) return;
      setOnline(inbox.onlineStaffIds);
      // A message or a read somewhere: the list's unread counts and previews are read again.
      if (inbox.conversationId) void refetch();
    },
  });
  const [choosing, setChoosing] = useState<'staff' | 'family' | null>(null);
  const conversations = data?.staffChat.conversations ?? [];
  const selectedId = params.get('c') ?? (wide ? (conversations[0]?.id ?? null) : null);
  const selected = conversations.find((c) => c.id === selectedId) ?? null;
  const open = (id: string | null) => setParams(id ? { c: id } : {}, { replace: !wide && !id });

  if (!user) return null;
  const list = (
    <Box
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minHeight: 0,
        minWidth: 0,
        height: '100%',
        borderRight: { md: '1px solid' },
        borderRightColor: { md: 'divider' },
      }}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          px: 2,
          py: 1.25,
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 'fontWeightBold' }}>
          Conversations
        </Typography>
        {staff && (
          <Button
            size="small"
            startIcon={<EditOutlined />}
            onClick={() => setChoosing('staff')}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            New message
          </Button>
        )}
      </Box>
      {staff && (
        <Box sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
          <Button size="small" startIcon={<FamilyRestroomOutlined />} onClick={() => setChoosing('family')}>
            Message a family
          </Button>
        </Box>
      )}
      <List sx={{ overflowY: 'auto', flexGrow: 1, py: 0 }} aria-label="Conversations">
        {conversations.map((c) => (
          <ConversationRow key={c.id} conversation={c} selected={c.id === selected?.id} online={online} onOpen={() => open(c.id)} />
        ))}
      </List>
      {staff && <OnlineStaff online={online} viewerId={user.id} />}
    </Box>
  );
  return (
    <PageFrame
      title="Staff Chat"
      subtitle={staff ? 'Talk with the team and with families.' : 'Message the studio team — instructors, teachers and the front desk.'}
    >
      {error && !data && <Alert severity="error">{errorMessage(error, 'The conversations could not be loaded.')}</Alert>}
      <Paper
        variant="outlined"
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: '320px minmax(0, 1fr)' },
          height: { xs: 'calc(100dvh - 250px)', md: 'calc(100dvh - 300px)' },
          minHeight: 420,
          overflow: 'hidden',
          borderRadius: 3,
        }}
      >
        {(wide || !selected) && list}
        {selected ? (
          <ChatThread key={selected.id} conversation={selected} viewer={user} onBack={wide ? undefined : () => open(null)} />
        ) : (
          wide && (
            <Box sx={{ display: 'grid', placeItems: 'center', color: 'text.secondary' }}>
              <Typography>Choose a conversation.</Typography>
            </Box>
          )
        )}
      </Paper>
      {choosing === 'staff' && <StartDirectDialog onClose={() => setChoosing(null)} onOpened={(id) => (setChoosing(null), open(id))} />}
      {choosing === 'family' && <FamilyDialog onClose={() => setChoosing(null)} onOpened={(id) => (setChoosing(null), open(id))} />}
    </PageFrame>
  );
}

function ConversationRow({
  conversation: c,
  selected,
  online,
  onOpen,
}: {
  conversation: ConversationItem;
  selected: boolean;
  online: string[];
  onOpen: () => void;
}) {
  const Icon = KIND_ICON[c.kind];
  const isOnline = c.otherUserId !== null && online.includes(c.otherUserId);
  const preview = c.lastMessage
    ? c.lastMessage.deletedAt
      ? 'Message deleted'
      : `${c.lastMessage.author ? `${c.lastMessage.author.firstName}: ` : ''}${c.lastMessage.body}`
    : 'No messages yet';
  const badge = badgeLabel(c.unreadCount);
  return (
    <ListItem disablePadding>
      <ListItemButton selected={selected} onClick={onOpen} aria-current={selected ? 'true' : undefined} sx={{ gap: 0.5, py: 1.25 }}>
        <ListItemAvatar sx={{ minWidth: 48 }}>
          <Badge
            overlap="circular"
            variant="dot"
            color="success"
            invisible={!isOnline}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
          >
            <Avatar
              sx={{
                bgcolor: c.kind === 'feedback' ? 'warning.light' : c.kind === 'family' ? 'secondary.light' : 'primary.light',
                width: 38,
                height: 38,
              }}
            >
              <Icon fontSize="small" />
            </Avatar>
          </Badge>
        </ListItemAvatar>
        <ListItemText
          primary={
            <>
              {c.title}
              {isOnline && (
                <Box component="span" sx={visuallyHidden}>
                  {' '}
                  (online)
                </Box>
              )}
            </>
          }
          secondary={preview}
          slotProps={{
            primary: { noWrap: true, sx: { fontWeight: c.unreadCount ? 'fontWeightBold' : 'fontWeightMedium' } },
            secondary: { noWrap: true },
          }}
          sx={{ minWidth: 0 }}
        />
        {badge && (
          <CountBadge sx={{ position: 'static', bgcolor: 'error.main', flexShrink: 0 }} aria-label={`${badge} unread`}>
            {badge}
          </CountBadge>
        )}
      </ListItemButton>
    </ListItem>
  );
}

function OnlineStaff({ online, viewerId }: { online: string[]; viewerId: string }) {
  const { data } = useQuery(ChatStaffDocument, { fetchPolicy: 'cache-and-network' });
  const here = (data?.chatStaff ?? []).filter((s) => s.id !== viewerId && online.includes(s.id));
  return (
    <Box sx={{ borderTop: 1, borderColor: 'divider', px: 2, py: 1.25 }} data-testid="online-staff">
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontWeight: 'fontWeightBold', textTransform: 'uppercase', letterSpacing: 0.5 }}
      >
        Online now
      </Typography>
      <Typography variant="body2" sx={{ mt: 0.25 }}>
        {here.length ? here.map((s) => fullName(s)).join(', ') : 'No one else right now'}
      </Typography>
    </Box>
  );
}

function StartDirectDialog({ onClose, onOpened }: { onClose: () => void; onOpened: (id: string) => void }) {
  const { data, loading } = useQuery(ChatStaffDocument, { fetchPolicy: 'cache-and-network' });
  const [start, { loading: starting, error }] = useStartDirectChat();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="start-direct-title">
      <DialogTitle id="start-direct-title">Message a staff member</DialogTitle>
      <DialogContent sx={{ px: 1 }}>
        {error && <Alert severity="error">{errorMessage(error)}</Alert>}
        {loading && !data && <Typography sx={{ px: 2 }}>Loading…</Typography>}
        <List>
          {(data?.chatStaff ?? []).map((s) => (
            <ListItem key={s.id} disablePadding>
              <ListItemButton
                disabled={starting}
                onClick={async () => {
                  const res = await start({ variables: { userId: s.id } }).catch(() => null);
                  if (res?.data) onOpened(res.data.startDirectChat.id);
                }}
              >
                <ListItemAvatar>
                  <Badge
                    overlap="circular"
                    variant="dot"
                    color="success"
                    invisible={!s.online}
                    anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
                  >
                    <Avatar>{s.firstName[0]}</Avatar>
                  </Badge>
                </ListItemAvatar>
                <ListItemText primary={fullName(s)} secondary={`${s.role}${s.online ? ' · online' : ''}`} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}

/** Staff find a family by the parent's name and open its thread, even before the parent has used the chat. */
function FamilyDialog({ onClose, onOpened }: { onClose: () => void; onOpened: (id: string) => void }) {
  const [input, setInput] = useState('');
  const typed = input.trim();
  const search = useDebounced(typed, 250);
  const { data, previousData, error: listError } = useQuery(ChatFamiliesDocument, { variables: { search: search || null } });
  const [start, { loading: starting, error }] = useStartFamilyChat();
  // Until the server has answered what is typed, the last answer stays on screen, narrowed to the typed words as the
  // server matches them. Rows then never vanish or jump under the pointer as the search lands (a click whose press
  // and release fell either side of the list emptying for "Loading…" reached no row, so nothing opened).
  const answered = Boolean(data) && search === typed;
  const words = familySearchWords(typed);
  const families = ((data ?? previousData)?.chatFamilies ?? []).filter((f) => answered || familyNameMatches(words, f));
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="message-family-title">
      <DialogTitle id="message-family-title">Message a family</DialogTitle>
      <DialogContent sx={{ px: 1 }}>
        <Box sx={{ px: 2, pt: 1 }}>
          <TextField
            autoFocus
            fullWidth
            size="small"
            label="Search families"
            helperText="The parent’s first or last name"
            value={input}
            onChange={(e) => setInput(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
          />
        </Box>
        {(error ?? listError) && (
          <Alert severity="error" sx={{ mx: 2, mt: 1 }}>
            {errorMessage((error ?? listError)!)}
          </Alert>
        )}
        {!answered && !families.length && !listError && <Typography sx={{ px: 2, pt: 1 }}>Loading…</Typography>}
        {answered && !families.length && (
          <Typography sx={{ px: 2, pt: 1 }} color="text.secondary">
            {search ? `No families match “${search}”.` : 'No families yet.'}
          </Typography>
        )}
        <List aria-label="Families">
          {families.map((f) => (
            <ListItem key={f.id} disablePadding>
              <ListItemButton
                disabled={starting}
                onClick={async () => {
                  const res = await start({ variables: { parentId: f.id } }).catch(() => null);
                  if (res?.data) onOpened(res.data.startFamilyChat.id);
                }}
              >
                <ListItemAvatar>
                  <Avatar sx={{ bgcolor: 'secondary.light' }}>
                    <FamilyRestroomOutlined fontSize="small" />
                  </Avatar>
                </ListItemAvatar>
                <ListItemText primary={fullName(f)} secondary={f.conversationId ? 'Open their thread' : 'Start their thread'} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
    </Dialog>
  );
}
